import { toasts } from 'browser-services/toast';
import { lazy, Suspense, useState } from 'react';
import { MESSAGES, SCAN_DEPTH_DEFAULT, SCAN_DEPTH_MAX, SCAN_DEPTH_MIN, SCAN_MAX_PAGES_DEFAULT } from 'shared-contracts';
import {
  type ExtractionMessages,
  type ExtractionProgressState,
  InfoSection,
  PageHeading,
  preloadExtractionViews,
  ResultsGrid,
  useDownloadAll,
  useExtraction,
} from 'shared-ui';
import { Card, Field, GlobalOutlined, NumberInput } from 'shared-ui/design-system';
import { Button } from 'shared-ui/design-system/button';
import { Checkbox } from 'shared-ui/design-system/checkbox';
import { Input } from 'shared-ui/design-system/input';
import { Space } from 'shared-ui/design-system/space';
import { imageLinks, websiteExtractor } from '../api/extractClient.ts';
import { failureText } from './failureText.ts';
import './pages.css';

// Drawn only once a scan starts: antd's Progress stays off the first render path. (shared-ui's
// ResultsGrid loads itself on first use.)
const ScanProgress = lazy(() => import('./ScanProgress.tsx'));

const m = MESSAGES.website;

const messages: ExtractionMessages = {
  complete: (found, done) => m.success(done?.found ?? found, done?.done ?? 0),
  failed: (failure) => ({
    title: m.failed.title,
    description: `${m.failed.description} ${failureText(failure, m.fallbackError)}`,
  }),
};

/** Before the server's first word: the start page is queued. */
const STARTING: ExtractionProgressState = { done: 0, queued: 1, found: 0, unit: 'pages' };

export default function WebsiteExtractorPage() {
  const [url, setUrl] = useState('');
  const [depth, setDepth] = useState<number>(SCAN_DEPTH_DEFAULT);
  const [render, setRender] = useState(false);
  const scan = useExtraction({ extractor: websiteExtractor, messages });
  const zip = useDownloadAll({ zipName: 'website-images.zip' });
  const { images } = scan;
  const scanning = scan.busy;
  const cancelled = scan.status === 'cancelled';
  const progress = scan.status === 'idle' ? undefined : (scan.progress ?? STARTING);
  const maxPages = scan.start?.maxPages ?? SCAN_MAX_PAGES_DEFAULT;

  const start = () => {
    if (!url.trim()) {
      toasts.error(m.required.title, m.required.description);
      return;
    }
    preloadExtractionViews();
    void scan.run({ url: url.trim(), depth, render });
  };

  return (
    <>
      <PageHeading
        title="Extract Images from Website"
        subtitle="Scan a whole website, page after page, and collect every image it uses."
      />
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <form
          className="url-website__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <Field label="Website URL" htmlFor="website-url">
            <Input
              id="website-url"
              type="url"
              required
              prefix={<GlobalOutlined aria-hidden="true" />}
              placeholder="https://example.com"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              size="large"
              autoComplete="url"
            />
          </Field>
          <Field
            label="Scan Depth (pages)"
            htmlFor="scan-depth"
            help={m.depthHelp(SCAN_DEPTH_MIN, SCAN_DEPTH_MAX, maxPages)}
          >
            <NumberInput id="scan-depth" min={SCAN_DEPTH_MIN} max={SCAN_DEPTH_MAX} value={depth} onChange={setDepth} />
          </Field>
          <Checkbox checked={render} onChange={(event) => setRender(event.target.checked)}>
            Render JavaScript
          </Checkbox>
          <Space style={{ display: 'flex', marginTop: 16 }}>
            <Button type="primary" htmlType="submit" size="large" loading={scanning} disabled={scanning}>
              {scanning ? 'Scanning Website...' : 'Scan Website'}
            </Button>
            {scanning ? (
              <Button size="large" onClick={scan.cancel}>
                Cancel
              </Button>
            ) : null}
          </Space>
        </form>
        {progress && (scanning || cancelled) ? (
          <div style={{ marginTop: 16 }} aria-live="polite">
            <Suspense fallback={null}>
              <ScanProgress
                progress={progress}
                maxPages={maxPages}
                found={images.length}
                scanning={scanning}
                cancelled={cancelled}
              />
            </Suspense>
          </div>
        ) : null}
      </Card>
      {images.length > 0 ? (
        <ResultsGrid
          title="Extracted Images"
          images={images}
          linksFor={imageLinks}
          unknownSizeText="N/A"
          detailsFor={(image) => (
            <>
              Found on page:{' '}
              {image.pageUrl ? (
                <a href={image.pageUrl} target="_blank" rel="noopener noreferrer">
                  {image.pageUrl}
                </a>
              ) : (
                'unknown page'
              )}
            </>
          )}
          onDownload={() => toasts.info(MESSAGES.download.image.title)}
          onDownloadAll={(shown, choices) => void zip.downloadAll(shown, choices)}
          downloadAllBusy={zip.busy}
        />
      ) : null}
      <InfoSection
        id="features"
        title="What a website scan does"
        items={[
          {
            title: 'Follows links',
            text: 'Starts at the address you give and follows links within the same site, level by level.',
          },
          { title: 'Polite', text: 'Honours robots.txt and limits how many pages it visits at once.' },
          { title: 'Where it was found', text: 'Each image is listed once, with the page it was first found on.' },
        ]}
      />
    </>
  );
}
