import {
  AUDIT_RULES,
  AuditReportSchema,
  type EncodedCopy,
  type ExtractedImage,
  type ImageUse,
  MESSAGES,
} from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { type AuditInput, buildAudit, type ImagePassResult, isPlaceholderAlt } from '../../src/audit/index.ts';

const P1 = 'https://site.test/a.html';
const P2 = 'https://site.test/b.html';
const img = (name: string) => `https://site.test/img/${name}`;

let order = 0;
function use(imageUrl: string, fields: Partial<ImageUse> = {}): ImageUse {
  return {
    pageUrl: P1,
    imageUrl,
    tag: 'img',
    selector: `img:nth-of-type(${order + 1})`,
    html: `<img src="${imageUrl}">`,
    order: order++,
    alt: 'A described picture',
    widthAttr: 300,
    heightAttr: 200,
    displayWidth: 300,
    displayHeight: 200,
    displayFrom: 'attributes',
    loading: 'lazy',
    ...fields,
  };
}

function image(url: string, fields: Partial<ExtractedImage> = {}): ExtractedImage {
  return {
    id: url,
    name: url.split('/').pop() ?? 'x',
    url,
    source: 'img',
    width: 300,
    height: 200,
    size: 2_000,
    format: 'WEBP',
    ...fields,
  } as ExtractedImage;
}

function copy(format: EncodedCopy['format'], bytes: number, width = 300, height = 200): EncodedCopy {
  const mime = { WEBP: 'image/webp', AVIF: 'image/avif', MP4: 'video/mp4', WEBM: 'video/webm' }[format];
  return {
    format,
    mimeType: mime,
    url: `/files/${format}-${bytes}`,
    name: `x.${format.toLowerCase()}`,
    bytes,
    width,
    height,
  };
}

function audit(fields: Partial<AuditInput>): ReturnType<typeof buildAudit> {
  const report = buildAudit({
    jobId: 'job-1',
    status: 'done',
    pages: 2,
    render: false,
    uses: [],
    fetches: [],
    images: [],
    pass: [],
    encoding: { done: 0, total: 0 },
    ...fields,
  });
  expect(AuditReportSchema.safeParse(report).success).toBe(true);
  return report;
}

const rulesOf = (report: ReturnType<typeof buildAudit>) => report.findings.map((f) => f.rule);
const only = (report: ReturnType<typeof buildAudit>, rule: string) => report.findings.filter((f) => f.rule === rule);

describe('an image with nothing wrong', () => {
  it('has no finding', () => {
    const url = img('ok.webp');
    const report = audit({ uses: [use(url, { loading: undefined, aboveFold: true })], images: [image(url)] });
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ findings: 0, bytesToSave: 0, byRule: [], topPages: [] });
    expect(report.notes).toEqual([MESSAGES.audit.displayFromMarkup]);
    expect(audit({ render: true }).notes).toEqual([]);
  });
});

describe('alt rules', () => {
  it('alt-missing: no attribute, unless decorative or a CSS background', () => {
    const r = audit({
      uses: [
        use(img('a.jpg'), { alt: null }),
        use(img('b.jpg'), { alt: null, decorative: true }),
        use(img('c.jpg'), { alt: undefined, tag: 'css' }),
      ],
    });
    expect(only(r, 'alt-missing').map((f) => f.imageUrl)).toEqual([img('a.jpg')]);
    expect(only(r, 'alt-missing')[0]).toMatchObject({
      severity: 'high',
      html: `<img src="${img('a.jpg')}">`,
      pages: [P1],
      pageCount: 1,
    });
  });

  it('alt-empty: a large image, or the only content of a link; not a small, decorative or link-labelled one', () => {
    const r = audit({
      uses: [
        use(img('large.jpg'), { alt: '' }),
        use(img('link.jpg'), { alt: '', inLink: true, displayWidth: 40, displayHeight: 40 }),
        use(img('small.jpg'), { alt: '', displayWidth: 40, displayHeight: 40 }),
        use(img('deco.jpg'), { alt: '', decorative: true }),
        use(img('labelled.jpg'), { alt: '', inLink: true, labelledByParent: true }),
        use(img('unknown.jpg'), { alt: '', displayWidth: undefined, displayHeight: undefined }),
      ],
      images: [image(img('unknown.jpg'), { width: 20, height: 20 })],
    });
    expect(
      only(r, 'alt-empty')
        .map((f) => f.imageUrl)
        .sort(),
    ).toEqual([img('large.jpg'), img('link.jpg')]);
  });

  it('alt-too-long: over the threshold, which the input may change', () => {
    const alt = 'x'.repeat(101);
    expect(only(audit({ uses: [use(img('a.jpg'), { alt })] }), 'alt-too-long')).toHaveLength(1);
    expect(only(audit({ uses: [use(img('a.jpg'), { alt: 'x'.repeat(100) })] }), 'alt-too-long')).toHaveLength(0);
    expect(
      only(audit({ uses: [use(img('a.jpg'), { alt })], thresholds: { altMaxChars: 200 } }), 'alt-too-long'),
    ).toHaveLength(0);
  });

  it('alt-placeholder: file names and placeholder words, not real descriptions', () => {
    for (const alt of [
      'IMG_1234.jpg',
      'image',
      'Photo 3',
      'DSC01234',
      'screenshot-2',
      'untitled',
      'placeholder',
      'alt',
      'holiday.png',
    ])
      expect(isPlaceholderAlt(alt, img('x.jpg')), alt).toBe(true);
    expect(isPlaceholderAlt('IMG_1234', img('IMG_1234.jpg'))).toBe(true);
    expect(isPlaceholderAlt('hero.jpg', img('hero.jpg'))).toBe(true);
    for (const alt of ['A photo of the harbour', 'hero', 'Golden Gate Bridge', 'Image search results page'])
      expect(isPlaceholderAlt(alt, img('hero.jpg')), alt).toBe(false);
    const r = audit({ uses: [use(img('a.jpg'), { alt: 'IMG_1234.jpg' }), use(img('b.jpg'), { alt: 'Boats' })] });
    expect(only(r, 'alt-placeholder').map((f) => f.imageUrl)).toEqual([img('a.jpg')]);
  });

  it('alt-duplicate: one finding per alt text on different pictures, none for one picture at two addresses', () => {
    const uses = [
      use(img('a.jpg'), { alt: 'Our team' }),
      use(img('b.jpg'), { alt: ' our  TEAM ', pageUrl: P2 }),
      use(img('c.jpg'), { alt: 'Our team' }),
      use(img('same-1.jpg'), { alt: 'The harbour' }),
      use(img('same-2.jpg'), { alt: 'The harbour' }),
    ];
    const pass: ImagePassResult[] = [
      { url: img('a.jpg'), dhash: '0000000000000000' },
      { url: img('b.jpg'), dhash: 'ffffffffffffffff' },
      // c is a's picture (3 bits apart): not a third picture
      { url: img('c.jpg'), dhash: '0000000000000007' },
      { url: img('same-1.jpg'), dhash: '00ff00ff00ff00ff' },
      { url: img('same-2.jpg'), dhash: '00ff00ff00ff00fe' },
    ];
    const found = only(audit({ uses, pass }), 'alt-duplicate');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ imageUrl: img('a.jpg'), sameAs: [img('b.jpg')], pages: [P1, P2], pageCount: 2 });
    // Without hashes, different addresses are taken for different pictures.
    expect(only(audit({ uses }), 'alt-duplicate')).toHaveLength(2);
    // One image under two shared alts: two findings, two ids.
    const twice = only(
      audit({
        uses: [
          use(img('a.jpg'), { alt: 'Sea' }),
          use(img('b.jpg'), { alt: 'Sea' }),
          use(img('a.jpg'), { alt: 'Boat' }),
          use(img('c.jpg'), { alt: 'Boat' }),
        ],
      }),
      'alt-duplicate',
    );
    expect(twice.map((f) => f.imageUrl)).toEqual([img('a.jpg'), img('a.jpg')]);
    expect(new Set(twice.map((f) => f.id)).size).toBe(2);
  });
});

describe('size rules', () => {
  it('size-unsized: img without both attributes and no CSS size', () => {
    const r = audit({
      uses: [
        use(img('none.jpg'), {
          widthAttr: undefined,
          heightAttr: undefined,
          displayWidth: undefined,
          displayHeight: undefined,
          displayFrom: undefined,
        }),
        use(img('half.jpg'), { heightAttr: undefined }),
        use(img('css.jpg'), { widthAttr: undefined, heightAttr: undefined, sizedByCss: true }),
        use(img('bg.jpg'), { tag: 'css', alt: undefined, widthAttr: undefined, heightAttr: undefined }),
      ],
    });
    expect(
      only(r, 'size-unsized')
        .map((f) => f.imageUrl)
        .sort(),
    ).toEqual([img('half.jpg'), img('none.jpg')]);
  });

  it('size-oversized: more than the factor over the display width, with the saving of the copy at display size', () => {
    const big = img('big.jpg');
    const r = audit({
      uses: [use(big, { displayWidth: 400, displayHeight: 300 })],
      images: [image(big, { width: 1600, height: 1200, size: 300_000, format: 'JPEG' })],
      pass: [{ url: big, bytes: 300_000, encoded: [copy('WEBP', 30_000, 400, 300), copy('AVIF', 20_000, 400, 300)] }],
    });
    const [finding] = only(r, 'size-oversized');
    expect(finding?.detail).toBe(
      '1600 x 1200 image displayed at 400 x 300 (from width and height attributes): 4.0x larger than needed.',
    );
    expect(finding?.bytesSaved).toBe(280_000);
    // 1.5x is allowed; srcset and SVG are not judged here.
    const fine = audit({
      uses: [
        use(img('ok.jpg'), { displayWidth: 400 }),
        use(img('set.jpg'), { srcset: true, displayWidth: 100 }),
        use(img('v.svg'), { displayWidth: 10 }),
      ],
      images: [
        image(img('ok.jpg'), { width: 600, height: 400 }),
        image(img('set.jpg'), { width: 2000 }),
        image(img('v.svg'), { width: 2000, format: 'SVG' }),
      ],
    });
    expect(only(fine, 'size-oversized')).toEqual([]);
  });

  it('size-no-srcset: a large image shown large without srcset', () => {
    const r = audit({
      uses: [
        use(img('wide.jpg'), { displayWidth: 800, displayHeight: 600 }),
        use(img('small-shown.jpg'), { displayWidth: 300 }),
        use(img('with-set.jpg'), { displayWidth: 800, srcset: true }),
        use(img('gif.gif'), { displayWidth: 800 }),
      ],
      images: [
        image(img('wide.jpg'), { width: 800, height: 600 }),
        image(img('small-shown.jpg'), { width: 450 }),
        image(img('with-set.jpg'), { width: 800 }),
        image(img('gif.gif'), { width: 800, format: 'GIF' }),
      ],
      pass: [{ url: img('gif.gif'), animated: true, frames: 20 }],
    });
    expect(only(r, 'size-no-srcset').map((f) => f.imageUrl)).toEqual([img('wide.jpg')]);
  });
});

describe('weight rules', () => {
  it('weight-heavy over the threshold; weight-reencode when a copy saves 10% and 4 KB', () => {
    const heavy = img('heavy.png');
    const r = audit({
      uses: [use(heavy), use(img('light.webp')), use(img('marginal.jpg'))],
      images: [
        image(heavy, { size: 500_000, format: 'PNG' }),
        image(img('light.webp')),
        image(img('marginal.jpg'), { size: 40_000 }),
      ],
      pass: [
        { url: heavy, bytes: 500_000, encoded: [copy('WEBP', 60_000), copy('AVIF', 45_000)] },
        // 5% smaller: not worth it
        { url: img('marginal.jpg'), bytes: 40_000, encoded: [copy('WEBP', 38_000)] },
      ],
    });
    expect(only(r, 'weight-heavy').map((f) => f.imageUrl)).toEqual([heavy]);
    const [reencode] = only(r, 'weight-reencode');
    expect(reencode).toMatchObject({ imageUrl: heavy, bytesSaved: 455_000 });
    expect(reencode?.encoded?.map((c) => c.format)).toEqual(['WEBP', 'AVIF']);
    // Two findings of one image save its bytes once.
    expect(r.summary.bytesToSave).toBe(455_000);
  });
});

describe('loading rules', () => {
  it('loading-eager-offscreen: below the fold, not lazy, 4 KB or unknown', () => {
    const r = audit({
      uses: [
        use(img('below.jpg'), { aboveFold: false, loading: undefined }),
        use(img('tiny.jpg'), { aboveFold: false, loading: undefined }),
        use(img('unknown.jpg'), { aboveFold: undefined, loading: undefined }),
        use(img('lazy.jpg'), { aboveFold: false, loading: 'lazy' }),
      ],
      images: [image(img('below.jpg'), { size: 50_000 }), image(img('tiny.jpg'), { size: 1_000 })],
    });
    expect(only(r, 'loading-eager-offscreen').map((f) => f.imageUrl)).toEqual([img('below.jpg')]);
  });

  it('loading-lazy-lcp: first screen or LCP, lazy', () => {
    const r = audit({
      uses: [
        use(img('hero.jpg'), { aboveFold: true, loading: 'lazy' }),
        use(img('lcp.jpg'), { aboveFold: false, lcp: true, loading: 'lazy' }),
        use(img('eager.jpg'), { aboveFold: true, loading: undefined }),
      ],
    });
    expect(
      only(r, 'loading-lazy-lcp')
        .map((f) => f.imageUrl)
        .sort(),
    ).toEqual([img('hero.jpg'), img('lcp.jpg')]);
    expect(only(r, 'loading-lazy-lcp')[0]?.severity).toBe('high');
  });

  it('loading-animated-gif: an animated GIF over the threshold, with its videos', () => {
    const gif = img('anim.gif');
    const r = audit({
      uses: [use(gif), use(img('still.gif')), use(img('small.gif'))],
      images: [
        image(gif, { format: 'GIF', size: 2_000_000 }),
        image(img('still.gif'), { format: 'GIF', size: 2_000_000 }),
        image(img('small.gif'), { format: 'GIF', size: 200_000 }),
      ],
      pass: [
        {
          url: gif,
          animated: true,
          frames: 80,
          bytes: 2_000_000,
          encoded: [copy('MP4', 300_000), copy('WEBM', 250_000)],
        },
        { url: img('still.gif'), animated: false },
        { url: img('small.gif'), animated: true },
      ],
    });
    const found = only(r, 'loading-animated-gif');
    expect(found.map((f) => f.imageUrl)).toEqual([gif]);
    expect(found[0]).toMatchObject({ bytesSaved: 1_750_000 });
    expect(found[0]?.encoded?.map((c) => c.format)).toEqual(['MP4', 'WEBM']);
  });

  it('loading-broken, loading-redirect, loading-robots from fetch facts', () => {
    const r = audit({
      uses: [
        use(img('404.jpg')),
        use(img('html.jpg')),
        use(img('down.jpg')),
        use(img('moved.jpg')),
        use(img('private.jpg')),
        use(img('fine.jpg')),
      ],
      fetches: [
        { url: img('404.jpg'), status: 404 },
        { url: img('html.jpg'), status: 200, contentType: 'text/html', notAnImage: true },
        { url: img('down.jpg'), error: 'connection refused' },
        { url: img('moved.jpg'), status: 200, redirects: [img('new.jpg')] },
        { url: img('private.jpg'), status: 200, robotsBlocked: true },
        { url: img('fine.jpg'), status: 200, redirects: [] },
      ],
    });
    expect(
      only(r, 'loading-broken')
        .map((f) => f.imageUrl)
        .sort(),
    ).toEqual([img('404.jpg'), img('down.jpg'), img('html.jpg')]);
    expect(only(r, 'loading-broken').find((f) => f.imageUrl === img('404.jpg'))?.detail).toBe(
      'The server answered 404.',
    );
    expect(only(r, 'loading-redirect').map((f) => f.imageUrl)).toEqual([img('moved.jpg')]);
    expect(only(r, 'loading-robots').map((f) => f.imageUrl)).toEqual([img('private.jpg')]);
  });
});

describe('duplicate rule', () => {
  it('groups the same bytes and resized copies of one shape, named by the largest', () => {
    const urls = ['d1.jpg', 'd1.jpg?v=2', 'copy.jpg', 'small.jpg', 'other.jpg', 'cropped.jpg'].map(img);
    const r = audit({
      uses: urls.map((u, i) => use(u, { pageUrl: i % 2 ? P2 : P1, alt: `Picture ${i}` })),
      images: [
        image(urls[0] as string, { width: 800, height: 600, size: 90_000 }),
        image(urls[1] as string, { width: 800, height: 600, size: 90_000 }),
        image(urls[2] as string, { width: 800, height: 600, size: 90_000 }),
        image(urls[3] as string, { width: 400, height: 300, size: 30_000 }),
        image(urls[4] as string, { width: 800, height: 600, size: 50_000 }),
        // near hash, other shape: not the same picture
        image(urls[5] as string, { width: 800, height: 400, size: 50_000 }),
      ],
      pass: [
        { url: urls[0] as string, sha256: 'aa', dhash: '0f0f0f0f0f0f0f0f' },
        { url: urls[1] as string, sha256: 'aa', dhash: '0f0f0f0f0f0f0f0f' },
        { url: urls[2] as string, sha256: 'aa', dhash: '0f0f0f0f0f0f0f0f' },
        { url: urls[3] as string, sha256: 'bb', dhash: '0f0f0f0f0f0f0f0e' },
        { url: urls[4] as string, sha256: 'cc', dhash: 'f0f0f0f0f0f0f0f0' },
        { url: urls[5] as string, sha256: 'dd', dhash: '0f0f0f0f0f0f0f0f' },
      ],
    });
    const found = only(r, 'duplicate');
    expect(found).toHaveLength(1);
    expect(found[0]?.imageUrl).toBe(urls[0]);
    expect(found[0]?.sameAs?.sort()).toEqual([urls[1], urls[2], urls[3]].sort());
    expect(found[0]?.bytesSaved).toBe(90_000 + 90_000 + 30_000);
    expect(found[0]?.pages).toEqual([P1, P2]);
  });

  it("leaves an image's own srcset candidates alone", () => {
    const big = img('hero-800.avif');
    const small = img('hero-400.avif');
    const r = audit({
      uses: [use(big, { srcset: true })],
      images: [
        image(big, {
          width: 800,
          height: 440,
          variants: [
            { url: small, width: 400 },
            { url: big, width: 800 },
          ],
        }),
        image(small, { width: 400, height: 220 }),
      ],
      pass: [
        { url: big, dhash: '1234567812345678' },
        { url: small, dhash: '1234567812345678' },
      ],
    });
    expect(only(r, 'duplicate')).toEqual([]);
  });
});

describe('srcset candidates', () => {
  it("judges an element whose src is a smaller candidate by the scan's image, its largest", () => {
    const big = img('big.jpg');
    const small = img('small.jpg');
    const r = audit({
      uses: [use(small, { alt: null, srcset: true })],
      images: [
        image(big, {
          size: 300_000,
          width: 1600,
          height: 1000,
          format: 'JPEG',
          variants: [{ url: small, width: 400 }],
        }),
      ],
    });
    expect(only(r, 'alt-missing').map((f) => f.imageUrl)).toEqual([big]);
    const heavy = only(r, 'weight-heavy')[0];
    expect(heavy).toMatchObject({ imageUrl: big, pages: [P1] });
    expect(heavy?.html).toBe(`<img src="${small}">`);
  });
});

describe('the report', () => {
  it('orders by severity then bytes, summarises without double counting, and is deterministic', () => {
    const pages = Array.from({ length: 25 }, (_, i) => `https://site.test/p${String(i).padStart(2, '0')}.html`);
    const heavy = img('heavy.png');
    const input: Partial<AuditInput> = {
      status: 'done',
      encoding: { done: 1, total: 2 },
      uses: [
        ...pages.map((pageUrl) => use(heavy, { pageUrl, alt: null })),
        use(img('long.jpg'), { alt: 'y'.repeat(150), pageUrl: P2 }),
      ],
      images: [image(heavy, { size: 400_000, format: 'PNG', width: 1200, height: 800 })],
      pass: [{ url: heavy, bytes: 400_000, encoded: [copy('AVIF', 40_000, 300, 200)] }],
      notes: ['A budget bit.'],
    };
    const r = audit(input);
    expect(r.status).toBe('running');
    expect(r.findings.map((f) => f.severity)).toEqual(
      [...r.findings.map((f) => f.severity)].sort(
        (a, b) => ['high', 'medium', 'low'].indexOf(a) - ['high', 'medium', 'low'].indexOf(b),
      ),
    );
    expect(rulesOf(r).slice(0, 2)).toEqual(['weight-heavy', 'alt-missing']);
    const missing = only(r, 'alt-missing')[0];
    expect(missing?.pages).toHaveLength(20);
    expect(missing?.pageCount).toBe(25);
    expect(missing?.pages).toEqual([...(missing?.pages ?? [])].sort());
    // heavy (360 000 saved), reencode (360 000), oversized (360 000): one image, counted once.
    expect(r.summary.bytesToSave).toBe(360_000);
    expect(r.summary.byRule.map((row) => row.rule)).toEqual(AUDIT_RULES.filter((rule) => rulesOf(r).includes(rule)));
    expect(r.summary.bySeverity.high).toBe(r.findings.filter((f) => f.severity === 'high').length);
    expect(r.summary.topPages).toHaveLength(10);
    expect(r.summary.topPages[0]?.bytesSaved).toBe(360_000);
    expect(r.notes).toEqual([MESSAGES.audit.displayFromMarkup, 'A budget bit.']);
    expect(r.images).toBe(2);
    expect(r.uses).toBe(26);
    const again = audit(input);
    expect(again).toEqual(r);
    expect(new Set(r.findings.map((f) => f.id)).size).toBe(r.findings.length);
    expect(audit({ ...input, encoding: { done: 2, total: 2 } }).status).toBe('done');
  });
});
