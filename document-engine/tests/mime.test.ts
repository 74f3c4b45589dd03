// @vitest-environment node
/**
 * EML and MHTML: messages built here around the corpus's pictures, read by the engine and by
 * Python's `email` module (policy.default), which must agree part for part: the same image parts
 * in the same order, with the same Content-ID, file name and decoded bytes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffContainerKind } from '../src/containerKind.ts';
import { extractEml, extractMhtml, MAX_MIME_DEPTH, MAX_MIME_PARTS, MAX_MIME_PICTURES } from '../src/core/mime/index.ts';
import { DocumentError, type DocumentImage } from '../src/index.ts';
import { collectAll, corpusMedia, sha256 } from './corpusMedia.ts';
import { PYTHON_MAILER, sampleEml, sampleMhtml } from './mailFixtures.ts';
import { chromiumSnapshot, python } from './realTools.ts';
import { corpusPictures } from './zipContainerFixtures.ts';

const media = corpusMedia();
const enc = new TextEncoder();

type Reference = {
  type: string;
  fileName: string | null;
  contentId: string | null;
  location: string | null;
  sha256: string;
};

/** Python's view of the message: every non-multipart part that walk() gives, in order. */
function pythonParts(bytes: Uint8Array): Reference[] {
  const dir = mkdtempSync(join(tmpdir(), 'mime-'));
  const file = join(dir, 'message.eml');
  writeFileSync(file, bytes);
  const script = `
import email, email.policy, hashlib, json, sys
m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
out = []
for p in m.walk():
    if p.is_multipart(): continue
    payload = p.get_payload(decode=True) or b''
    cid = p['Content-ID']
    loc = p['Content-Location']
    out.append({'type': p.get_content_type(), 'fileName': p.get_filename(), 'contentId': str(cid).strip('<>') if cid else None,
                'location': str(loc) if loc else None, 'sha256': hashlib.sha256(payload).hexdigest()})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Reference[];
}

const pictureShas = new Set(Object.values(media).map(sha256));

describe('EML', () => {
  it('gives every image part as Python reads it, in part order, and the data: URL of the HTML body', async () => {
    const bytes = sampleEml(media);
    expect(sniffContainerKind(bytes)).toBe('eml');
    const images = await collectAll(extractEml(bytes));
    const reference = pythonParts(bytes).filter(
      (part) =>
        part.type.startsWith('image/') || (part.type === 'application/octet-stream' && pictureShas.has(part.sha256)),
    );
    // Python names five image parts: GIF, JPEG, PNG (octet-stream), WMF, EMF (in the forwarded message)
    expect(reference.map((part) => part.type)).toEqual([
      'image/gif',
      'image/jpeg',
      'application/octet-stream',
      'image/wmf',
      'image/x-emf',
    ]);
    // the first picture is the HTML body's data: URL, which is no part of its own
    const parts = images.slice(1);
    expect(parts.map((image) => sha256(image.bytes))).toEqual(reference.map((part) => part.sha256));
    expect(parts.map((image) => image.fileName ?? null)).toEqual(reference.map((part) => part.fileName));
    expect(parts.map((image) => image.contentId ?? null)).toEqual(reference.map((part) => part.contentId));

    // The whole list, in order: the data: URL picture at its HTML body's place, before the GIF.
    expect(summary(images)).toEqual([
      { name: 'image1.png', format: 'PNG', role: 'inline', sha: sha256(media.png) },
      { name: 'image2.gif', format: 'GIF', role: 'inline', contentId: 'logo@example', sha: sha256(media.gif) },
      { name: '€-photo.jpg', format: 'JPEG', role: 'attachment', fileName: '€-photo.jpg', sha: sha256(media.jpeg) },
      { name: 'élève.png', format: 'PNG', role: 'attachment', fileName: 'élève.png', sha: sha256(media.png) },
      { name: 'image5.wmf', format: 'WMF', role: 'inline', sha: sha256(media.wmf) },
      { name: 'drawing.emf', format: 'EMF', role: 'attachment', fileName: 'drawing.emf', sha: sha256(media.emf) },
    ]);
  });

  it("a message Python's email package wrote, with what other mailers send: every picture as Python reads it", async () => {
    const pictures = corpusPictures();
    const dir = mkdtempSync(join(tmpdir(), 'python-mailer-'));
    for (const name of ['png', 'jpeg', 'gif', 'png2'] as const) writeFileSync(join(dir, name), pictures[name]);
    const reference = JSON.parse(python(readFileSync(PYTHON_MAILER, 'utf8'), [dir])) as {
      sha256: string;
      fileName: string | null;
    }[];
    const bytes = new Uint8Array(readFileSync(join(dir, 'message.eml')));
    expect(sniffContainerKind(bytes)).toBe('eml');
    const images = await collectAll(extractEml(bytes));
    // the related JPEG, the RFC 2231 PNG, octet-stream, quoted-printable, x-unknown, the three
    // forwards (plain, message/global, base64), uuencode, CR CR LF soft breaks, binary/octet-stream,
    // a photo labelled text/plain, one with no type
    expect(reference.map((part) => part.fileName)).toEqual([
      null,
      'Fotó € 日本.png',
      'scan.bin',
      'quoted.gif',
      'photo.jpg',
      'forwarded.gif',
      'global.png',
      'encoded.jpg',
      'old.gif',
      'doubled-cr.png',
      null,
      'mislabelled.jpg',
      'untyped.png',
    ]);
    const originals = new Set([pictures.png, pictures.jpeg, pictures.gif, pictures.png2].map(sha256));
    for (const part of reference) expect(originals).toContain(part.sha256);
    expect(images.map((image) => sha256(image.bytes))).toEqual(reference.map((part) => part.sha256));
    expect(images.map((image) => image.fileName ?? null)).toEqual(reference.map((part) => part.fileName));
    expect(images.map((image) => image.role)).toEqual(['inline', ...Array(12).fill('attachment')]);
  });

  it('reports progress over the parts, and stops when aborted', async () => {
    const progress: number[] = [];
    await collectAll(extractEml(sampleEml(media), { onProgress: ({ done }) => progress.push(done) }));
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const controller = new AbortController();
    controller.abort();
    await expect(collectAll(extractEml(sampleEml(media), { signal: controller.signal }))).rejects.toMatchObject({
      code: 'aborted',
    });
  });

  it('does not descend past the nesting bound, and refuses more parts than the bound', async () => {
    const depth = 10_000;
    const nested =
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n' +
      '--b0\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
      Buffer.from(media.png).toString('base64') +
      '\r\n' +
      Array.from(
        { length: depth },
        (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`,
      ).join('') +
      `--b${depth}\r\nContent-Type: image/gif\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(media.gif).toString('base64')}\r\n`;
    const started = performance.now();
    const images = await collectAll(extractEml(enc.encode(nested)));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(images.map((image) => image.format)).toEqual(['PNG']);
    expect(MAX_MIME_DEPTH).toBeLessThan(depth);

    const many =
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n' +
      '--x\r\nContent-Type: text/plain\r\n\r\n.\r\n'.repeat(MAX_MIME_PARTS + 1) +
      '--x--\r\n';
    const error = await collectAll(extractEml(enc.encode(many))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ code: 'too-large', message: expect.stringContaining('10,000 parts') });
  });
  it('forwards in base64 nested 20 deep are read to the picture; uuencode never makes more bytes than it holds', async () => {
    let message = `From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(media.png).toString('base64')}\r\n`;
    for (let level = 0; level < 20; level++) {
      message = `From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: message/rfc822\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(message).toString('base64')}\r\n`;
    }
    const started = performance.now();
    const nested = await collectAll(extractEml(enc.encode(message)));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(nested.map((image) => sha256(image.bytes))).toEqual([sha256(media.png)]);

    // a one-letter line claims 45 bytes: the claims are not honoured past 3/4 of the body
    const body = `begin 644 x.png\r\n${'M\r\n'.repeat(100_000)}end\r\n`;
    const uu = `MIME-Version: 1.0\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: x-uuencode\r\n\r\n${body}`;
    const [image] = await collectAll(extractEml(enc.encode(uu)));
    expect(image?.bytes.length).toBeLessThanOrEqual((body.length * 3) / 4 + 3);
  });

  it('gives at most MAX_MIME_PICTURES pictures, and says the rest were not read', async () => {
    const html = '<img src="data:image/png;base64,AAAA">'.repeat(MAX_MIME_PICTURES + 5);
    const skipped: string[] = [];
    const images = await collectAll(
      extractEml(enc.encode(`MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n${html}`), {
        onSkipped: ({ reason }) => skipped.push(reason),
      }),
    );
    expect(images).toHaveLength(MAX_MIME_PICTURES);
    expect(skipped).toEqual(['This message has more than 10,000 pictures; the rest were not read.']);
  });
});

describe('MHTML', () => {
  it("gives the page's images once each, with their addresses, as Python reads the parts", async () => {
    const bytes = sampleMhtml(media);
    expect(sniffContainerKind(bytes)).toBe('mhtml');
    const images = await collectAll(extractMhtml(bytes));
    const seen = new Set<string>();
    const reference = pythonParts(bytes).filter((part) => {
      if (!part.type.startsWith('image/') || !part.location || seen.has(part.location)) return false;
      seen.add(part.location);
      return true;
    });
    expect(reference).toHaveLength(3);
    expect(images.map((image) => [image.sourceUrl, sha256(image.bytes)])).toEqual(
      reference.map((part) => [part.location, part.sha256]),
    );
    expect(images.map((image) => image.name)).toEqual(['logo.png', 'photo.jpg', 'anim one.gif']);
  });
});

describe('MHTML saved by Chromium', () => {
  it('pages Chromium saves: each image part once, with its address, the file the site serves', async () => {
    // A small site of its own, in a temporary folder, around the corpus's pictures: a picture, a
    // srcset pair, a CSS background and a picture inside a frame. Served as it is, on loopback only
    // (a pathname starts with /: normalize cannot climb out).
    const root = mkdtempSync(join(tmpdir(), 'mhtml-site-'));
    const pictures = corpusPictures();
    mkdirSync(join(root, 'img'));
    mkdirSync(join(root, 'frames'));
    writeFileSync(join(root, 'img/photo.jpg'), pictures.jpeg);
    writeFileSync(join(root, 'img/banner-small.png'), pictures.png);
    writeFileSync(join(root, 'img/banner-large.png'), pictures.png2);
    writeFileSync(join(root, 'img/hero.gif'), pictures.gif);
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head><title>Gallery</title><style>.hero{width:40px;height:40px;background:url(img/hero.gif)}</style></head>' +
        '<body><img src="img/photo.jpg" alt="photo"><img src="img/banner-small.png" srcset="img/banner-small.png 1x, img/banner-large.png 2x" alt="banner"><div class="hero"></div></body></html>',
    );
    writeFileSync(
      join(root, 'frames/index.html'),
      '<!doctype html><html><head><title>Frames</title></head><body><img src="../img/hero.gif" alt="hero"><iframe src="inner.html"></iframe></body></html>',
    );
    writeFileSync(
      join(root, 'frames/inner.html'),
      '<!doctype html><html><body><img src="../img/photo.jpg" alt="photo"><img src="../img/banner-large.png" alt="banner"></body></html>',
    );
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.jpg': 'image/jpeg',
      '.png': 'image/png',
      '.gif': 'image/gif',
    };
    const server = createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      try {
        const body = readFileSync(join(root, path));
        response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      for (const page of ['index.html', 'frames/index.html']) {
        const bytes = enc.encode(await chromiumSnapshot(base + page));
        expect(sniffContainerKind(bytes)).toBe('mhtml');
        const images = await collectAll(extractMhtml(bytes));
        const seen = new Set<string>();
        const reference = pythonParts(bytes).filter((part) => {
          if (!part.type.startsWith('image/') || !part.location || seen.has(part.location)) return false;
          seen.add(part.location);
          return true;
        });
        // each page shows three pictures (a picture, a srcset's choice, a background; a picture and a frame's two)
        expect(reference.length).toBeGreaterThanOrEqual(3);
        expect(images.map((image) => [image.sourceUrl, sha256(image.bytes)])).toEqual(
          reference.map((part) => [part.location, part.sha256]),
        );
        // and each is the very file the site served
        for (const image of images) {
          const served = new URL(image.sourceUrl as string).pathname;
          expect(sha256(image.bytes)).toBe(sha256(readFileSync(join(root, served))));
        }
      }
    } finally {
      server.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('sniffing MIME messages', () => {
  it('tells e-mail from a saved page by the headers, and plain text from both', () => {
    // An e-mail whose top part is multipart/related with an HTML root is still an e-mail.
    const related = enc.encode(
      'From: a@example.org\r\nTo: b@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=r; type="text/html"\r\n\r\n--r\r\nContent-Type: text/html\r\n\r\n<p>hi</p>\r\n--r--\r\n',
    );
    expect(sniffContainerKind(related)).toBe('eml');
    expect(sniffContainerKind(enc.encode('Dear reader: this is a letter.\r\n\r\nBye'))).toBeUndefined();
    expect(sniffContainerKind(enc.encode('just text'))).toBeUndefined();
    expect(sniffContainerKind(enc.encode('From a@b Sat Nov 28 01:00:00 2026\nFrom: a@b\nSubject: x\n\nbody'))).toBe(
      'eml',
    );
  });
});

function summary(images: DocumentImage[]) {
  return images.map((image) => ({
    name: image.name,
    format: image.format,
    role: image.role,
    ...(image.contentId ? { contentId: image.contentId } : {}),
    ...(image.fileName ? { fileName: image.fileName } : {}),
    sha: sha256(image.bytes),
  }));
}
