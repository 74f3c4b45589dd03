import { saveBlob } from 'browser-services/files';
import { toasts } from 'browser-services/toast';
import { withFormatExtension } from 'media-files';
import { useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { FileImageOutlined } from '../design-system/index.ts';

/**
 * Makes a figure's SVG: the screen's own (mfe-documents sends the card's vector PDF to the server),
 * so that this package never calls the API. Rejects with the sentence to show.
 */
export type FigureSvgAction = (image: ExtractedImage) => Promise<Blob>;

/**
 * "SVG" on a vector figure's card, beside its Vector PDF: the figure drawn as SVG, saved as
 * `<its file name>.svg` the way the grid saves every file made on demand. Busy while it is made;
 * a failure is said in a toast, the server's sentence as its text.
 */
export function FigureSvgButton({
  image,
  fileName,
  makeSvg,
}: {
  image: ExtractedImage;
  /** The figure's file name on the card; its extension becomes .svg. */
  fileName: string;
  makeSvg: FigureSvgAction;
}) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveBlob(await makeSvg(image), withFormatExtension(fileName, 'SVG'));
    } catch (error) {
      toasts.error(MESSAGES.figures.svgFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      icon={<FileImageOutlined />}
      loading={busy}
      aria-busy={busy}
      aria-label={MESSAGES.figures.svgLabel(image.name)}
      onClick={() => void save()}
    >
      {MESSAGES.figures.svg}
    </Button>
  );
}
