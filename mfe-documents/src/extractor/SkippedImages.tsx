import type { SkippedImage } from 'document-engine';
import { MESSAGES } from 'shared-contracts';
import { Alert } from 'shared-ui/design-system/alert';
import { placeText } from './documentResult.ts';

/** A skipped image as the page lists it: in a batch, with the file it is in. */
export type ShownSkip = SkippedImage & { origin?: string };

/** How many skipped images are listed one by one; the rest are counted in the title. */
const LISTED = 20;

/**
 * The images a document holds that the engine could not give out (data that is not what its
 * filter says, a codec not decoded), each with where and why: a count the user can trust, since
 * the grid shows what was extracted and this says what was not. Loaded when a run first skips one.
 */
export default function SkippedImages({ skipped }: { skipped: readonly ShownSkip[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      className="ie-doc-extractor__alert"
      title={MESSAGES.documents.skipped(skipped.length)}
      description={
        <ul className="ie-doc-extractor__skipped">
          {skipped.slice(0, LISTED).map((one, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows, in order
            <li key={index}>
              {MESSAGES.documents.skippedItem(
                [one.origin, placeText(one)].filter(Boolean).join(', ') || undefined,
                one.width && one.height ? `${one.width}×${one.height}` : undefined,
                one.reason,
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}
