import { MESSAGES } from 'shared-contracts';
import { Alert } from 'shared-ui/design-system/alert';
import { Empty } from 'shared-ui/design-system/empty';
import type { DocumentPageConfig } from './pageConfigs.ts';

export type ExtractionOutcomeProps = {
  config: DocumentPageConfig;
  outcome: 'failed' | 'no-images';
  failureDetail: string | undefined;
  /** The PDF screen asked for figures only: the file had none with a caption. */
  figuresOnly?: boolean;
};

/**
 * What the extractor card says under Extract when a run ends without images: why it failed, or that
 * the file held none. DocumentExtractor loads it when a run first ends so, not with the page.
 */
export default function ExtractionOutcome({ config, outcome, failureDetail, figuresOnly }: ExtractionOutcomeProps) {
  const nothing = figuresOnly ? MESSAGES.figures.noFigures(config.noun) : MESSAGES.documents.noImages(config.noun);
  return outcome === 'failed' ? (
    <Alert
      type="error"
      showIcon
      className="ie-doc-extractor__alert"
      title={config.messages.failed.description}
      description={failureDetail}
    />
  ) : (
    <Empty className="ie-doc-extractor__alert" description={nothing.description} />
  );
}
