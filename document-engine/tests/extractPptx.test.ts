// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { extractPptx } from '../src/core/pptx/extractPptx.ts';
import {
  collect,
  contentTypes,
  extractionError,
  fakeJpeg,
  fakePng,
  R_NS,
  REL_OFFICE_DOCUMENT,
  rels,
  zipParts,
} from './ooxmlFixtures.ts';

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS = `xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R_NS}"`;

const pic = (id: string) => `<p:pic><p:blipFill><a:blip r:embed="${id}"/></p:blipFill></p:pic>`;
const background = (id: string) => `<p:bg><p:bgPr><a:blipFill><a:blip r:embed="${id}"/></a:blipFill></p:bgPr></p:bg>`;
const slide = (body: string, bg = '') => `<p:sld ${NS}><p:cSld>${bg}<p:spTree>${body}</p:spTree></p:cSld></p:sld>`;
const layout = (body: string) => `<p:sldLayout ${NS}><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sldLayout>`;

const media = {
  photo: fakeJpeg(640, 480, 'photo on two slides'),
  slideBackground: fakeJpeg(100, 100, 'slide background'),
  logo: fakePng(50, 20, 'layout logo'),
  masterBackground: fakePng(1280, 720, 'master background'),
  unusedLayout: fakePng(9, 9, 'in a layout no slide uses'),
  movie: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
};

/**
 * Three slides, in sldIdLst order slide2.xml, slide1.xml, slide3.xml. Slides 1 and 2 share a photo
 * and layout1 (with a logo); slide 3 uses layout2; both layouts share master1, whose background is
 * a picture; layout3 (with its own picture) is used by no slide. Slide 1 has a picture background
 * and a movie.
 */
function samplePptx(): Uint8Array {
  return zipParts({
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'ppt/presentation.xml' }]),
    'ppt/presentation.xml': `<p:presentation ${NS}>
<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>
<p:sldIdLst><p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId2"/><p:sldId id="258" r:id="rId4"/></p:sldIdLst>
</p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels([
      { id: 'rId1', type: 'slideMaster', target: 'slideMasters/slideMaster1.xml' },
      { id: 'rId2', type: 'slide', target: 'slides/slide1.xml' },
      { id: 'rId3', type: 'slide', target: 'slides/slide2.xml' },
      { id: 'rId4', type: 'slide', target: 'slides/slide3.xml' },
    ]),
    // Slide number 1.
    'ppt/slides/slide2.xml': slide(pic('rId2') + pic('rId4'), background('rId3')),
    'ppt/slides/_rels/slide2.xml.rels': rels([
      { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
      { id: 'rId2', type: 'image', target: '../media/image1.jpeg' },
      { id: 'rId3', type: 'image', target: '../media/image2.jpeg' },
      { id: 'rId4', type: 'video', target: '../media/media1.mp4' },
    ]),
    // Slide number 2.
    'ppt/slides/slide1.xml': slide(pic('rId5')),
    'ppt/slides/_rels/slide1.xml.rels': rels([
      { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
      { id: 'rId5', type: 'image', target: '../media/image1.jpeg' },
    ]),
    // Slide number 3.
    'ppt/slides/slide3.xml': slide(''),
    'ppt/slides/_rels/slide3.xml.rels': rels([
      { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout2.xml' },
    ]),
    'ppt/slideLayouts/slideLayout1.xml': layout(pic('rId2')),
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': rels([
      { id: 'rId1', type: 'slideMaster', target: '../slideMasters/slideMaster1.xml' },
      { id: 'rId2', type: 'image', target: '../media/logo.png' },
    ]),
    'ppt/slideLayouts/slideLayout2.xml': layout(''),
    'ppt/slideLayouts/_rels/slideLayout2.xml.rels': rels([
      { id: 'rId1', type: 'slideMaster', target: '../slideMasters/slideMaster1.xml' },
    ]),
    'ppt/slideLayouts/slideLayout3.xml': layout(pic('rId2')),
    'ppt/slideLayouts/_rels/slideLayout3.xml.rels': rels([
      { id: 'rId1', type: 'slideMaster', target: '../slideMasters/slideMaster1.xml' },
      { id: 'rId2', type: 'image', target: '../media/unused.png' },
    ]),
    'ppt/slideMasters/slideMaster1.xml': `<p:sldMaster ${NS}><p:cSld>${background('rId9')}<p:spTree/></p:cSld></p:sldMaster>`,
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': rels([
      { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
      { id: 'rId2', type: 'slideLayout', target: '../slideLayouts/slideLayout2.xml' },
      { id: 'rId3', type: 'slideLayout', target: '../slideLayouts/slideLayout3.xml' },
      { id: 'rId9', type: 'image', target: '../media/master-bg.png' },
    ]),
    'ppt/media/image1.jpeg': media.photo,
    'ppt/media/image2.jpeg': media.slideBackground,
    'ppt/media/logo.png': media.logo,
    'ppt/media/master-bg.png': media.masterBackground,
    'ppt/media/unused.png': media.unusedLayout,
    'ppt/media/media1.mp4': media.movie,
  });
}

describe('extractPptx', () => {
  it('should list each image once, with every slide that shows it and where it lives', async () => {
    const { images } = await collect(extractPptx, samplePptx());
    expect(images.map((image) => [image.name, image.role, image.slideNumbers])).toEqual([
      ['image2.jpg', 'background', [1]],
      ['image1.jpg', 'slide', [1, 2]],
      ['logo.png', 'layout', [1, 2]],
      ['master-bg.png', 'background', [1, 2, 3]],
      ['unused.png', 'layout', []],
    ]);
    expect(images[1]?.bytes).toEqual(media.photo);
    expect(images.map((image) => image.format)).not.toContain('MP4');
  });

  it('should report progress once per slide', async () => {
    const { progress } = await collect(extractPptx, samplePptx());
    expect(progress).toEqual([1, 2, 3].map((done) => ({ done, total: 3, unit: 'slides' })));
  });

  it('should yield the first slide before reading the others, and stop when cancelled', async () => {
    const controller = new AbortController();
    const run = extractPptx(samplePptx(), { signal: controller.signal });
    expect((await run.next()).value?.slideNumbers).toEqual([1]);
    controller.abort();
    await expect(run.next()).rejects.toMatchObject({ name: 'DocumentError', code: 'aborted' });
  });

  it('should call a package without a presentation invalid', async () => {
    const bytes = zipParts({ '[Content_Types].xml': contentTypes(), '_rels/.rels': rels([]) });
    expect(await extractionError(extractPptx, bytes)).toMatchObject({ name: 'DocumentError', code: 'invalid' });
  });
});
