import { toasts } from 'browser-services/toast';
import { useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import {
  type ExtractionMessages,
  InfoSection,
  PageHeading,
  preloadExtractionViews,
  ResultsGrid,
  StepsSection,
  useDownloadAll,
  useExtraction,
} from 'shared-ui';
import { Card, Field, LinkOutlined, Paragraph } from 'shared-ui/design-system';
import { Button } from 'shared-ui/design-system/button';
import { Checkbox } from 'shared-ui/design-system/checkbox';
import { Input } from 'shared-ui/design-system/input';
import { Space } from 'shared-ui/design-system/space';
import { imageLinks, pageExtractor } from '../api/extractClient.ts';
import { failureText } from './failureText.ts';
import './pages.css';

const m = MESSAGES.url;

const messages: ExtractionMessages = {
  complete: (found) => m.success(found),
  failed: (failure) => ({
    title: m.failed.title,
    description: `${m.failed.description} ${failureText(failure, m.fallbackError)}`,
  }),
};

export default function UrlExtractorPage() {
  const [url, setUrl] = useState('');
  const [render, setRender] = useState(false);
  const { images, busy: loading, run } = useExtraction({ extractor: pageExtractor, messages });
  const zip = useDownloadAll({ zipName: 'images.zip' });

  const extract = () => {
    if (!url.trim()) {
      toasts.error(m.required.title, m.required.description);
      return;
    }
    preloadExtractionViews();
    void run({ url: url.trim(), render });
  };

  return (
    <>
      <PageHeading
        title="Extract Images from URL"
        subtitle="Paste the address of any web page to see every image on it, at full size, and download them."
      />
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <form
          className="url-website__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            extract();
          }}
        >
          <Field label="Web page URL" htmlFor="page-url" className="url-website__field--tight">
            <Space.Compact style={{ width: '100%' }}>
              <Input
                id="page-url"
                type="url"
                required
                prefix={<LinkOutlined aria-hidden="true" />}
                placeholder="https://example.com/page"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                size="large"
                autoComplete="url"
              />
              <Button type="primary" htmlType="submit" size="large" loading={loading} disabled={loading}>
                {loading ? 'Extracting...' : 'Extract Images'}
              </Button>
            </Space.Compact>
          </Field>
          <Checkbox checked={render} onChange={(event) => setRender(event.target.checked)}>
            Render JavaScript
          </Checkbox>
          <Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 13 }}>
            Loads the page in a real browser and scrolls it, for pages that build themselves with scripts. Slower.
          </Paragraph>
        </form>
      </Card>
      {images.length > 0 ? (
        <ResultsGrid
          title="Extracted Images"
          images={images}
          linksFor={imageLinks}
          onDownload={() => toasts.info(MESSAGES.download.image.title)}
          onDownloadAll={(shown, choices) => void zip.downloadAll(shown, choices)}
          downloadAllBusy={zip.busy}
        />
      ) : null}
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
