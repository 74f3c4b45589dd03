import { toasts } from 'browser-services/toast';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { type ExtractionEvent, MESSAGES, URL_LIST_MAX } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import {
  AuditTabs,
  type ExtractionMessages,
  ExtractionResults,
  InfoSection,
  StepsSection,
  useExtractionScreen,
} from 'shared-ui';
import { Button, Checkbox, Field, Paragraph, Text, TextArea, TextInput } from 'shared-ui/design-system';
import { fetchAuditReport, imageLinks, pageExtractor } from '../api/extractClient.ts';
import { failureText } from './failureText.ts';
import { jobExtractor } from './jobExtractor.ts';
import { ToolForm } from './ToolForm.tsx';
import { AuditOption, FullSizeOption, OriginalFormatsOption, SpritesOption } from './WebImageOptions.tsx';
import './pages.css';

const m = MESSAGES.url;

/** One address (a page extraction, as always), or a list of them (one job of start pages only). */
type UrlRun = ({ url: string } | { urls: string[] }) & {
  render: boolean;
  original: boolean;
  sprites: boolean;
  originalFormats: boolean;
  /** Audit the images: the run is a job even for one address, and `onJob` is told its id. */
  audit?: { onJob: (id: string) => void };
};

/** A list's job: a run left (a new run, the page closed) cancels it, for nobody is left to read it. */
const listJob = jobExtractor('on-leave');

/**
 * The URL tool's extractor. A list runs as a website job at depth 0: the start pages only, each
 * image naming its address (`origin`). So does one address to audit, for the audit is a job's.
 */
function urlToolExtractor({ audit, ...run }: UrlRun, signal: AbortSignal): AsyncGenerator<ExtractionEvent> {
  if ('url' in run && !audit) return pageExtractor(run, signal);
  const { render, original, sprites, originalFormats } = run;
  const urls = 'url' in run ? [run.url] : run.urls;
  const choices = { render, original, sprites, originalFormats };
  if (!audit) return listJob({ start: { urls, depth: 0, ...choices } }, signal);
  return listJob({ start: { urls, depth: 0, ...choices, audit: true }, onJob: audit.onJob }, signal);
}

const messages: ExtractionMessages = {
  complete: (found, done) =>
    done?.unit === 'pages' && (done.done ?? 0) > 1 ? m.listSuccess(found, done.done ?? 0) : m.success(found),
  failed: (failure) => ({
    title: m.failed.title,
    description: `${m.failed.description} ${failureText(failure, m.fallbackError)}`,
  }),
};

/** Text of two addresses or more, one a line (blank lines aside). */
const isList = (text: string) => text.split(/\r?\n/).filter((line) => line.trim()).length > 1;

/** The list's first address: what the one-address field takes when the list is turned off. */
const firstLine = (text: string) =>
  text
    .split(/\r?\n/)
    .find((line) => line.trim())
    ?.trim() ?? '';

export default function UrlExtractorPage() {
  // The one address and the list are kept apart, so turning the list off and on again loses neither.
  const [url, setUrl] = useState('');
  const [several, setSeveral] = useState(false);
  const [list, setList] = useState('');
  const single = useRef<HTMLInputElement>(null);
  const [render, setRender] = useState(false);
  const [original, setOriginal] = useState(true);
  const [sprites, setSprites] = useState(false);
  const [originalFormats, setOriginalFormats] = useState(false);
  const [audit, setAudit] = useState(false);
  // The audited run's job, once the server has made it: the results then get their Audit tab.
  const [auditJob, setAuditJob] = useState<string>();
  const runs = useRef(0);
  // What every run of the form asks for besides its addresses.
  const choices = { render, original, sprites: render && sprites, originalFormats };
  const extraction = useExtractionScreen({ extractor: urlToolExtractor, messages, zipName: 'images.zip' });
  const { images, busy: loading, progress } = extraction;
  /** Runs the form; an audited run tells its job, unless a newer run has started since. */
  const run = (input: ({ url: string } | { urls: string[] }) & typeof choices) => {
    const mine = ++runs.current;
    setAuditJob(undefined);
    const onJob = (id: string) => {
      if (mine === runs.current) setAuditJob(id);
    };
    return extraction.run(audit ? { ...input, audit: { onJob } } : input);
  };
  /** Addresses of the list being read (undefined for one address): progress counts them. */
  // The addresses of a list as given: its progress counts them, its groups follow their order.
  const [batch, setBatch] = useState<readonly string[] | undefined>();
  const listSize = batch?.length;
  const submitting = useRef(false);

  const extract = async () => {
    const text = (several ? list : url).trim();
    // The form does not let the browser check it (ToolForm's noValidate): an empty field must get
    // the spec's own toast, which the browser's "fill out this field" would stand in front of.
    if (!text) {
      toasts.error(m.required.title, m.required.description);
      return;
    }
    // What the browser's URL check refuses gets its own words, in the visitor's language, and
    // nothing is sent. What it takes (a private address, ftp://) the server explains.
    const input = single.current;
    if (!several && input?.validity.typeMismatch) {
      input.reportValidity();
      return;
    }
    // One line: as it always was (the server says what is wrong with the address).
    if (!text.includes('\n')) {
      setBatch(undefined);
      void run({ url: text, ...choices });
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    try {
      // The schema that checks each line loads with the first list, not with the page.
      const { parseAddressList } = await import('./addressList.ts');
      const list = parseAddressList(text);
      if (!list.ok) {
        toasts.error(list.title, list.description);
        return;
      }
      const [only] = list.urls;
      if (list.urls.length === 1 && only) {
        setBatch(undefined);
        void run({ url: only, ...choices });
      } else {
        setBatch(list.urls);
        void run({ urls: list.urls, ...choices });
      }
    } finally {
      submitting.current = false;
    }
  };

  // Enter extracts, as in a one-line field; Shift+Enter starts a new line of the list.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  // Each side starts from what the other holds, unless it has its own already.
  const switchList = (on: boolean) => {
    if (on && !list.trim()) setList(url.trim());
    if (!on && !url.trim()) setUrl(firstLine(list));
    setSeveral(on);
  };

  // A one-line field would run the pasted lines into one address: a pasted list opens the list.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!isList(pasted)) return;
    event.preventDefault();
    setList(pasted.replace(/\r\n?/g, '\n').trim());
    setSeveral(true);
  };

  return (
    <>
      <ToolForm
        heading={PAGE_HEADINGS[PATHS.urlExtractor]}
        onSubmit={() => void extract()}
        status={
          listSize && loading ? (
            <Text
              type="secondary"
              aria-live="polite"
              data-testid="url-list-progress"
              style={{ display: 'block', marginTop: 12 }}
            >
              {m.listProgress(Math.min(progress?.done ?? 0, listSize), listSize, progress?.found ?? images.length)}
            </Text>
          ) : null
        }
      >
        <Field label="Web page URL" htmlFor="page-url" className="url-website__field--tight">
          <div className="url-website__address">
            {several ? (
              <TextArea
                id="page-url"
                required
                aria-describedby="page-url-help"
                placeholder="https://example.com/page"
                value={list}
                onChange={(event) => setList(event.target.value)}
                onKeyDown={onKeyDown}
                size="large"
                autoComplete="url"
                rows={3}
                className="url-website__list"
                spellCheck={false}
              />
            ) : (
              <TextInput
                ref={single}
                className="url-website__url"
                id="page-url"
                type="url"
                required
                placeholder="https://example.com/page"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                onPaste={onPaste}
                size="large"
                autoComplete="url"
                spellCheck={false}
              />
            )}
            <Button type="primary" htmlType="submit" size="large" loading={loading}>
              {loading ? 'Extracting...' : 'Extract Images'}
            </Button>
          </div>
          {several ? (
            <div id="page-url-help" className="ds-field__help">
              {m.listHelp(URL_LIST_MAX)}
            </div>
          ) : null}
          <Checkbox
            className="url-website__list-switch"
            checked={several}
            onChange={(event) => switchList(event.target.checked)}
          >
            {m.listSwitch}
          </Checkbox>
        </Field>
        <Checkbox checked={render} onChange={(event) => setRender(event.target.checked)}>
          Render JavaScript
        </Checkbox>
        <Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 13 }}>
          Loads the page in a real browser and scrolls it, for pages that build themselves with scripts. Slower.
        </Paragraph>
        <SpritesOption render={render} checked={sprites} onChange={setSprites} />
        <FullSizeOption checked={original} onChange={setOriginal} />
        <OriginalFormatsOption checked={originalFormats} onChange={setOriginalFormats} />
        <AuditOption checked={audit} onChange={setAudit} />
      </ToolForm>
      <AuditTabs className="url-website__results-tabs" jobId={auditJob} load={fetchAuditReport}>
        <ExtractionResults screen={extraction} linksFor={imageLinks} sourceOrder={batch} />
      </AuditTabs>
      <StepsSection
        id="how-it-works"
        title="How It Works"
        steps={[
          { title: 'Paste a URL', text: 'Copy the address of the web page and paste it in.' },
          { title: 'Extract', text: 'The page is read and every image on it is collected, with its size and format.' },
          { title: 'Download', text: 'Open any image, download it, or download them all as a ZIP.' },
        ]}
      />
      <InfoSection
        id="key-features"
        title="Key Features"
        items={[
          {
            title: 'Every image',
            text: 'Images in the page, lazy-loaded images, srcset variants, CSS backgrounds, social preview images and inline SVG.',
          },
          { title: 'Real sizes', text: 'Width, height and format are read from the image files themselves.' },
          { title: 'All formats', text: 'PNG, JPG, WEBP and GIF, as well as SVG, AVIF and icons.' },
          { title: 'No registration', text: 'Use it right away; no account needed.' },
        ]}
      />
    </>
  );
}
