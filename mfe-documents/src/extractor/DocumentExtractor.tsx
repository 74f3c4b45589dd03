import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { Suspense, useMemo, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { ExtractionProgress, ExtractionResults, preloadExtractionViews, themedLazy, UploadBox } from 'shared-ui';
import { Button, Card, FileUnknownOutlined, LinkOutlined, LoadingOutlined, Text } from 'shared-ui/design-system';
import { sniffInWorker } from '../worker/index.ts';
import type { BatchIssue } from './documentBatch.ts';
import { type DocumentResult, hasBytesToZip, placeText, previewNote } from './documentResult.ts';
import { DEFAULT_FIND, FindChoice, type FindChoiceValue } from './FindChoice.tsx';
import { figureSvgOf } from './figureSvg.ts';
import { type DocumentPageConfig, declaredAsKind, matchesKind } from './pageConfigs.ts';
import { useDocumentExtraction } from './useDocumentExtraction.ts';
import './DocumentExtractor.css';

// What shows only after the visitor acts loads then, not with the page: the password dialog (an
// encrypted file) and the outcome of a run that found nothing. shared-ui loads its results grid and
// progress bar the same way; choosing a file starts loading those, ready for Extract.
const PasswordPrompt = themedLazy(() =>
  import('./PasswordPrompt.tsx').then((module) => ({ default: module.PasswordPrompt })),
);
const ExtractionOutcome = themedLazy(() => import('./ExtractionOutcome.tsx'));
const SkippedImages = themedLazy(() => import('./SkippedImages.tsx'));

/** The working part of the PDF, Word, PowerPoint and Any file screens: upload, extract, progress, results. */
export function DocumentExtractor({ config }: { config: DocumentPageConfig }) {
  // Figures are a PDF's only: the Word and PowerPoint screens find images.
  const [findChoice, setFindChoice] = useState<FindChoiceValue>(DEFAULT_FIND);
  const find = useMemo(() => (config.page === 'pdf' ? findChoice : undefined), [config.page, findChoice]);
  const extraction = useDocumentExtraction(config, find);
  const { file, files, running, progress, images, resultOf, outcome, failureDetail, passwordRequest, skipped } =
    extraction;
  const m = config.messages;
  // The chosen file's kind is being read (in the Worker): Extract waits for it.
  const [checking, setChecking] = useState(false);
  // The dialog mounts when first asked for, then stays mounted so that closing it still animates.
  const [askedPassword, setAskedPassword] = useState(false);
  if (passwordRequest !== undefined && !askedPassword) setAskedPassword(true);

  function choose(chosen: File[]) {
    preloadExtractionViews();
    extraction.choose(chosen);
  }

  async function validateBytes(chosen: File) {
    // Any file: each is read as what it is when Extract is pressed; one nothing reads is named then,
    // with the others' images.
    if (config.page === 'any') return undefined;
    // A PDF is known by its first kilobyte; ZIP and compound files by their directories.
    const head = config.page === 'pdf' ? chosen.slice(0, 1024) : chosen;
    const bytes = await head.arrayBuffer();
    const first = new Uint8Array(bytes.slice(0, 8));
    let kind: Awaited<ReturnType<typeof sniffInWorker>>;
    try {
      kind = await sniffInWorker(bytes);
    } catch (error) {
      logError('mfe-documents', error, `${chosen.name} could not be read`);
      return { title: m.failed.title, description: MESSAGES.documents.unreadable };
    }
    return matchesKind(config, kind, first, chosen.name)
      ? undefined
      : {
          title: m.invalidType.title,
          description: `${m.invalidType.description} ${MESSAGES.documents.wrongKind(config.noun)}`,
        };
  }

  return (
    <>
      <Card className="ie-doc-extractor">
        <UploadBox
          accept={config.accept}
          maxBytes={config.maxBytes}
          messages={{ invalidType: m.invalidType, tooLarge: m.tooLarge }}
          acceptsFile={(chosen) => declaredAsKind(config, chosen)}
          validate={validateBytes}
          onFile={(one) => choose([one])}
          onFiles={choose}
          onCheckingChange={setChecking}
          // Of several files, the refused one is named: the others go on.
          onReject={(message, refused, together) =>
            toasts.error(
              message.title,
              together > 1
                ? MESSAGES.documents.refusedFile(refused.name, message.description ?? message.title)
                : message.description,
            )
          }
          files={files}
          prompt={
            config.page === 'any'
              ? 'Drag and drop your files here, or click to browse'
              : 'Drag and drop your file here, or click to browse'
          }
          hint={config.hint}
          disabled={running}
        />
        {config.page === 'pdf' ? <FindChoice value={findChoice} onChange={setFindChoice} disabled={running} /> : null}
        <Button
          type="primary"
          size="large"
          block
          className="ie-doc-extractor__extract"
          loading={running || checking}
          onClick={() => void extraction.extract()}
        >
          {running
            ? RUNNING_LABELS[find?.mode ?? 'images']
            : (config.extractLabels?.[find?.mode ?? 'images'] ?? config.extractLabel)}
        </Button>
        {running && extraction.reading && files.length > 1 ? (
          <Text type="secondary" data-testid="batch-reading" style={{ display: 'block', marginTop: 12 }}>
            {MESSAGES.documents.batchReading(extraction.reading.index + 1, files.length, extraction.reading.origin)}
          </Text>
        ) : null}
        {running ? (
          <ExtractionProgress
            done={progress?.done ?? 0}
            total={progress?.total ?? 0}
            unit={progress?.unit ?? 'pages'}
            onCancel={extraction.cancel}
            startingText="Opening the file…"
          />
        ) : null}
        {outcome === 'failed' || outcome === 'no-images' ? (
          <Suspense fallback={null}>
            <ExtractionOutcome
              config={config}
              outcome={outcome}
              failureDetail={failureDetail}
              figuresOnly={find?.mode === 'figures'}
            />
          </Suspense>
        ) : null}
        {extraction.issues.length > 0 ? (
          <BatchIssues issues={extraction.issues} onPassword={extraction.askPassword} disabled={running} />
        ) : null}
        {skipped.length > 0 ? (
          <Suspense fallback={null}>
            <SkippedImages skipped={skipped} />
          </Suspense>
        ) : null}
      </Card>
      <ExtractionResults
        screen={extraction.screen}
        linksFor={(image) => {
          const preview = resultOf(image)?.preview;
          return { open: preview?.kind === 'converted' ? preview.url : image.url, download: image.url };
        }}
        downloadAllLabel="Download All Images"
        downloadable={hasBytesToZip(images.map(resultOf))}
        detailsFor={(image) => <CardDetails image={image} result={resultOf(image)} />}
        previewFor={(image) => <CardPreview image={image} result={resultOf(image)} />}
        figureSvg={figureSvgOf}
      />
      {askedPassword ? (
        <Suspense fallback={null}>
          <PasswordPrompt
            open={passwordRequest !== undefined}
            fileName={passwordRequest?.origin ?? file?.name ?? ''}
            wrong={passwordRequest?.wrong ?? false}
            onSubmit={extraction.submitPassword}
            onCancel={extraction.dismissPassword}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const RUNNING_LABELS = {
  images: 'Extracting Images...',
  figures: 'Extracting Figures...',
  both: 'Extracting Images and Figures...',
} as const;

/** The files of a batch that gave nothing, and why; a protected one can be given its password. */
function BatchIssues({
  issues,
  onPassword,
  disabled,
}: {
  issues: readonly BatchIssue[];
  onPassword: (origin: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="ie-doc-extractor__alert" data-testid="batch-issues" role="status">
      <Text strong>{MESSAGES.documents.batchIssues(issues.length)}</Text>
      <ul className="ie-doc-extractor__skipped">
        {issues.map((issue) => (
          <li key={issue.origin}>
            {MESSAGES.documents.refusedFile(
              issue.origin,
              issue.locked ? MESSAGES.documents.needsPassword : issue.reason,
            )}{' '}
            {issue.locked ? (
              <Button size="small" disabled={disabled} onClick={() => onPassword(issue.origin)}>
                {MESSAGES.documents.enterPassword(issue.origin)}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CardDetails({ image, result }: { image: ExtractedImage; result: DocumentResult | undefined }) {
  const place = placeText(image);
  const note = previewNote(image.format ?? 'UNKNOWN', result?.preview);
  return (
    <>
      {place ? <div data-testid="image-place">{place}</div> : null}
      {note ? <Text type={note.tone}>{note.text}</Text> : null}
    </>
  );
}

/** The card's frame when the image itself cannot be shown as is; undefined shows the image. */
function CardPreview({ image, result }: { image: ExtractedImage; result: DocumentResult | undefined }) {
  const format = image.format ?? 'UNKNOWN';
  switch (result?.preview.kind) {
    case 'converted':
      return <img src={result.preview.url} alt={`${image.name} (preview)`} loading="lazy" decoding="async" />;
    case 'converting':
      return (
        <div className="ie-doc-placeholder">
          <LoadingOutlined />
          <span>Drawing a preview of this {format} picture…</span>
        </div>
      );
    case 'failed':
    case 'unsupported':
      return (
        <div className="ie-doc-placeholder" role="img" aria-label={`${image.name}: no preview`}>
          <FileUnknownOutlined />
          <span>
            {result.preview.kind === 'failed'
              ? `No preview of this ${format} picture`
              : MESSAGES.documents.cannotPreview(format)}
          </span>
        </div>
      );
    case 'linked':
      return (
        <div className="ie-doc-placeholder" role="img" aria-label={`${image.name}: linked image`}>
          <LinkOutlined />
          <span>Linked image, not embedded</span>
        </div>
      );
    default:
      return <img src={image.url} alt={image.name} loading="lazy" decoding="async" />;
  }
}
