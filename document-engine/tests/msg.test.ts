// @vitest-environment node
/**
 * Outlook messages: .msg files built here with `cfb` as Outlook lays them out (attachment storages
 * with their property streams, an attached message inside one), around the corpus's pictures,
 * and checked byte for byte against the pictures put in.
 */
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { sniffContainerKind } from '../src/containerKind.ts';
import { extractMsg, MAX_MSG_DEPTH } from '../src/core/msg/index.ts';
import { collectAll, corpusMedia, sha256 } from './corpusMedia.ts';
import { sampleMsg } from './mailFixtures.ts';

const media = corpusMedia();
describe('MSG', () => {
  it('gives the attachments that are pictures, in order, an attached message’s after its place', async () => {
    const bytes = sampleMsg(media);
    expect(sniffContainerKind(bytes)).toBe('msg');
    const progress: number[] = [];
    const images = await collectAll(extractMsg(bytes, { onProgress: ({ done }) => progress.push(done) }));
    expect(
      images.map((image) => ({
        name: image.name,
        format: image.format,
        role: image.role,
        fileName: image.fileName,
        contentId: image.contentId,
        sha: sha256(image.bytes),
      })),
    ).toEqual([
      {
        name: 'logo.png',
        format: 'PNG',
        role: 'inline',
        fileName: 'logo.png',
        contentId: 'logo@example',
        sha: sha256(media.png),
      },
      {
        name: 'PHOTO~1.jpg',
        format: 'JPEG',
        role: 'attachment',
        fileName: 'PHOTO~1.JPG',
        contentId: undefined,
        sha: sha256(media.jpeg),
      },
      {
        name: 'drawing.emf',
        format: 'EMF',
        role: 'attachment',
        fileName: 'drawing.emf',
        contentId: undefined,
        sha: sha256(media.emf),
      },
      {
        name: 'notes.gif',
        format: 'GIF',
        role: 'attachment',
        fileName: 'notes.txt',
        contentId: undefined,
        sha: sha256(media.gif),
      },
    ]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('is told apart from a .doc, an .xls and a compound file of neither', () => {
    const xls = CFB.utils.cfb_new();
    CFB.utils.cfb_add(xls, '/Workbook', Buffer.alloc(16));
    expect(sniffContainerKind(new Uint8Array(CFB.write(xls, { type: 'buffer' }) as Buffer))).toBe('xls');
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, '/__properties_version1.0', Buffer.alloc(32));
    expect(sniffContainerKind(new Uint8Array(CFB.write(other, { type: 'buffer' }) as Buffer))).toBeUndefined();
  });
  it('does not descend into messages attached deeper than the bound', async () => {
    const file = CFB.utils.cfb_new();
    let root = '/';
    for (let depth = 0; depth < MAX_MSG_DEPTH + 4; depth++) {
      CFB.utils.cfb_add(file, `${root}__properties_version1.0`, Buffer.alloc(depth === 0 ? 32 : 24));
      CFB.utils.cfb_add(file, `${root}__substg1.0_0037001F`, Buffer.from('x\0', 'utf16le'));
      const attachment = `${root}__attach_version1.0_#00000000/`;
      CFB.utils.cfb_add(file, `${attachment}__properties_version1.0`, Buffer.alloc(8));
      CFB.utils.cfb_add(file, `${attachment}__substg1.0_37010102`, Buffer.from(media.png));
      root = `${attachment}__substg1.0_3701000D/`;
    }
    const images = await collectAll(extractMsg(new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer)));
    expect(images).toHaveLength(MAX_MSG_DEPTH);
  });

  it('refuses an attachment storage that holds the message itself (a directory cycle), at once', async () => {
    const bytes = sampleMsg(media);
    // the attachment's directory entry: its name in UTF-16, then its child pointer at 0x4C
    const name = Buffer.from('__attach_version1.0_#00000002', 'utf16le');
    const at = Buffer.from(bytes).indexOf(name);
    expect(at).toBeGreaterThan(0);
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(at + 0x4c, 0, true);
    const started = performance.now();
    const error = await collectAll(extractMsg(bytes)).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ code: 'invalid' });
  });
});
