import { PDFDocument } from 'pdf-lib';

/** Points per pixel: a sheet's pixels at 96 per inch, as a browser shows an image at 100 %. */
const POINTS_PER_PIXEL = 0.75;

/**
 * A single-page PDF whose page is the contact sheet's PNG, embedded as it is (pdf-lib), titled
 * with the video's name. Its own entry (`media-files/sheetPdf`): pdf-lib loads only with the click.
 */
export async function sheetPdf(png: Uint8Array, title: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setCreator('Image Extractor');
  document.setProducer('Image Extractor');
  const image = await document.embedPng(png);
  const width = image.width * POINTS_PER_PIXEL;
  const height = image.height * POINTS_PER_PIXEL;
  const page = document.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return document.save();
}
