import { toasts } from 'browser-services/toast';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { MESSAGES, SCAN_DEPTH_DEFAULT, SCAN_DEPTH_MAX, SCAN_DEPTH_MIN, SCAN_MAX_PAGES_DEFAULT } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import {
  AuditTabs,
  type ExtractionMessages,
  type ExtractionProgressState,
  ExtractionResults,
  InfoSection,
  themedLazy,
  useExtractionScreen,
} from 'shared-ui';
import { Button, Checkbox, Field, GlobalOutlined, NumberInput, TextArea, TextInput } from 'shared-ui/design-system';
import { fetchAuditReport, imageLinks } from '../api/extractClient.ts';
import { failureText } from './failureText.ts';
import { jobExtractor } from './jobExtractor.ts';
import { ToolForm } from './ToolForm.tsx';
import { AuditOption, FullSizeOption, OriginalFormatsOption, SpritesOption } from './WebImageOptions.tsx';
import './pages.css';

// Drawn only once a scan starts: antd's Progress stays off the first render path. (shared-ui's
// ResultsGrid loads itself on first use.)
const ScanProgress = themedLazy(() => import('./ScanProgress.tsx'));

const m = MESSAGES.website;

const messages: ExtractionMessages = {
  complete: (found, done) => m.success(done?.found ?? found, done?.done ?? 0),
  // A job cancelled (here, or on another device) says so on the page, not as a failure.
  failed: (failure) =>
    failure.code === 'cancelled'
      ? undefined
      : {
          title: m.failed.title,
          description: `${m.failed.description} ${failureText(failure, m.fallbackError)}`,
        },
};

/**
 * The address's `?job=` names the scan this page shows, and is the one place its id is kept: a
 * reload, or another device, re-attaches to it.
 */
const JOB_PARAM = 'job';
/** Beside `?job=`: the scan was asked to audit its images, so its results have an Audit tab (a reload keeps it). */
const AUDIT_PARAM = 'audit';

/** The history entry's state when this page put its own new job in the address (and reads it already). */
const STARTED_HERE = 'website-job-started-here';

/** A scan goes on when the page is left (`?job=` finds it again): only Cancel stops it. */
const scanJob = jobExtractor('on-cancel');

/** One pattern a line, blank lines left out. */
const patterns = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type PatternsFieldProps = {
  id: string;
  label: string;
  help?: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
};

/** Include or exclude: link patterns, one a line (`patterns` reads them). */
function PatternsField({ id, label, help, placeholder, value, onChange }: PatternsFieldProps) {
  return (
    <Field label={label} htmlFor={id} help={help}>
      <TextArea
        id={id}
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
      />
    </Field>
  );
}

/** Before the server's first word: the start page is queued. */
const STARTING: ExtractionProgressState = { done: 0, queued: 1, found: 0, unit: 'pages' };

export default function WebsiteExtractorPage() {
  const [url, setUrl] = useState('');
  const [depth, setDepth] = useState<number>(SCAN_DEPTH_DEFAULT);
  const [render, setRender] = useState(false);
  const [original, setOriginal] = useState(true);
  const [sprites, setSprites] = useState(false);
  const [originalFormats, setOriginalFormats] = useState(false);
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [sitemap, setSitemap] = useState(false);
  const [audit, setAudit] = useState(false);
  const scan = useExtractionScreen({ extractor: scanJob, messages, zipName: 'website-images.zip' });
  const [searchParams, setSearchParams] = useSearchParams();
  const jobInAddress = searchParams.get(JOB_PARAM);
  const auditedJob = jobInAddress && searchParams.get(AUDIT_PARAM) === '1' ? jobInAddress : undefined;
  // A job this page started is read already: it is in the address because the page put it there.
  // Every other address naming a job (the page opened or reloaded with it, Back or Forward to it)
  // re-attaches, from the job's first event. A reload keeps the entry's state: hence the PUSH.
  const location = useLocation();
  const startedHere = useNavigationType() === 'PUSH' && location.state === STARTED_HERE;
  const { images } = scan;
  const scanning = scan.busy;
  const cancelled = scan.status === 'cancelled' || scan.failure?.code === 'cancelled';

  const { run } = scan;
  useEffect(() => {
    if (jobInAddress && !startedHere) void run({ attach: jobInAddress });
  }, [jobInAddress, startedHere, run]);
  const progress = scan.status === 'idle' ? undefined : (scan.progress ?? STARTING);
  const maxPages = scan.start?.maxPages ?? SCAN_MAX_PAGES_DEFAULT;

  const start = () => {
    if (!url.trim()) {
      toasts.error(m.required.title, m.required.description);
      return;
    }
    void scan.run({
      start: {
        url: url.trim(),
        depth,
        render,
        original,
        sprites: render && sprites,
        originalFormats,
        include: patterns(include),
        exclude: patterns(exclude),
        sitemap,
        ...(audit ? { audit: true } : {}),
      },
      onJob: (id) =>
        setSearchParams({ [JOB_PARAM]: id, ...(audit ? { [AUDIT_PARAM]: '1' } : {}) }, { state: STARTED_HERE }),
    });
  };

  return (
    <>
      <ToolForm
        heading={PAGE_HEADINGS[PATHS.websiteExtractor]}
        onSubmit={start}
        status={
          progress && (scanning || cancelled || (progress.failed ?? 0) > 0) ? (
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
          ) : null
        }
      >
        <Field label="Website URL" htmlFor="website-url">
          <TextInput
            id="website-url"
            className="url-website__url"
            type="url"
            required
            prefix={<GlobalOutlined />}
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
        <PatternsField
          id="scan-include"
          label={m.includeLabel}
          help={m.patternsHelp}
          placeholder="/blog/"
          value={include}
          onChange={setInclude}
        />
        <PatternsField
          id="scan-exclude"
          label={m.excludeLabel}
          placeholder="*/tag/*"
          value={exclude}
          onChange={setExclude}
        />
        <Checkbox checked={sitemap} onChange={(event) => setSitemap(event.target.checked)}>
          {m.sitemapLabel}
        </Checkbox>
        <br />
        <Checkbox checked={render} onChange={(event) => setRender(event.target.checked)}>
          Render JavaScript
        </Checkbox>
        <SpritesOption render={render} checked={sprites} onChange={setSprites} />
        <FullSizeOption checked={original} onChange={setOriginal} />
        <OriginalFormatsOption checked={originalFormats} onChange={setOriginalFormats} />
        <AuditOption checked={audit} onChange={setAudit} />
        <div className="url-website__actions">
          <Button type="primary" htmlType="submit" size="large" loading={scanning}>
            {scanning ? 'Scanning Website...' : 'Scan Website'}
          </Button>
          {scanning ? (
            <Button size="large" onClick={scan.cancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </ToolForm>
      <AuditTabs className="url-website__results-tabs" jobId={auditedJob} load={fetchAuditReport}>
        <ExtractionResults
          screen={scan}
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
        />
      </AuditTabs>
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
