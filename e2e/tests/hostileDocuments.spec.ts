/**
 * Files built to hang or crash a reader (document-engine/hostile): the screen ends with the
 * engine's own verdict (the failure toast, or what it could read), never a frozen or dead tab,
 * and the next file extracts as usual.
 */
import { extractDocument } from 'document-engine';
import { loopingFatDoc, sampledFunctionPdf } from 'document-engine/hostile';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, engineImages } from '../fixtures/documents.ts';
import { expect, test } from '../fixtures/test.ts';

/** What the engine makes of the bytes in Node: the screen must end the same way. */
async function engineVerdict(bytes: Uint8Array): Promise<{ images: number } | { failed: true }> {
  let images = 0;
  try {
    for await (const _ of extractDocument(bytes)) images += 1;
  } catch {
    return { failed: true };
  }
  return { images };
}

const cases = [
  {
    title: 'a .doc whose FAT chain loops',
    path: PATHS.docxExtractor,
    m: MESSAGES.docx,
    button: 'Extract Images from Word',
    file: { name: 'looping-fat.doc', mimeType: 'application/msword', build: loopingFatDoc },
    next: 'doc/testPictures.doc',
  },
  {
    title: 'a PDF whose sampled function has BitsPerSample 65535',
    path: PATHS.pdfExtractor,
    m: MESSAGES.pdf,
    button: 'Extract Images from PDF',
    file: { name: 'sampled-function.pdf', mimeType: 'application/pdf', build: sampledFunctionPdf },
    next: 'pdf/issue1350.pdf',
  },
] as const;

test.describe('hostile documents in the browser', () => {
  for (const c of cases) {
    test(`${c.title}: the engine's verdict, the page keeps working, the next file extracts`, async ({
      page,
      site,
      results,
    }) => {
      const bytes = c.file.build();
      const verdict = await engineVerdict(bytes);
      await page.goto(c.path);
      const upload = page.getByTestId('upload-input');
      await upload.setInputFiles({ name: c.file.name, mimeType: c.file.mimeType, buffer: Buffer.from(bytes) });
      await expect(page.getByTestId('selected-file')).toContainText(c.file.name);
      const extract = site.main.getByRole('button', { name: c.button });
      await extract.click();
      if ('failed' in verdict) {
        await expect(site.toast('error', c.m.failed.title, c.m.failed.description)).toBeVisible({ timeout: 20_000 });
      } else if (verdict.images === 0) {
        const none = MESSAGES.documents.noImages(c.path === PATHS.pdfExtractor ? 'PDF' : 'Word document');
        await expect(site.toast('info', none.title, none.description)).toBeVisible({ timeout: 20_000 });
      } else {
        const done = c.m.complete(verdict.images);
        await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 20_000 });
      }
      await expect(extract).toBeEnabled();

      const expected = await engineImages(c.next);
      await upload.setInputFiles(corpusFile(c.next));
      await expect(page.getByTestId('selected-file')).toContainText(c.next.split('/')[1] ?? c.next);
      await extract.click();
      const done = c.m.complete(expected.length);
      await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 30_000 });
      await expect(results.cards).toHaveCount(expected.length);
    });
  }
});
