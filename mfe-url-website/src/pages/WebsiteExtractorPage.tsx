import { GlobalOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  type ExtractedImage,
  MESSAGES,
  SCAN_DEPTH_DEFAULT,
  SCAN_DEPTH_MAX,
  SCAN_DEPTH_MIN,
  SCAN_MAX_PAGES_DEFAULT,
  type ScanEvent,
  toasts,
} from 'shared-contracts';
import { InfoSection, PageHeading, ResultsGrid } from 'shared-ui';
import { downloadZip, imageLinks, scanWebsite } from '../api/extractClient.ts';
import { failureText } from './failureText.ts';

const m = MESSAGES.website;

type ScanProgress = { pagesScanned: number; pagesQueued: number; imagesFound: number; currentUrl?: string };

export default function WebsiteExtractorPage() {
  const [url, setUrl] = useState('');
  const [depth, setDepth] = useState<number>(SCAN_DEPTH_DEFAULT);
  const [render, setRender] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [images, setImages] = useState<ExtractedImage[]>([]);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [maxPages, setMaxPages] = useState(SCAN_MAX_PAGES_DEFAULT);
  const [cancelled, setCancelled] = useState(false);
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the crawl on the server too.
  useEffect(() => () => running.current?.abort(), []);

  const scan = async () => {
    if (!url.trim()) {
      toasts.error(m.required.title, m.required.description);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setScanning(true);
    setCancelled(false);
    setImages([]);
    setProgress({ pagesScanned: 0, pagesQueued: 1, imagesFound: 0 });
    let found = 0;
    let pages = 0;
    const onEvent = (event: ScanEvent) => {
      switch (event.type) {
        case 'start':
          setMaxPages(event.maxPages);
          break;
        case 'image':
          found += 1;
          setImages((current) => [...current, event.image]);
          break;
        case 'progress':
          pages = event.pagesScanned;
          setProgress(event);
          break;
        case 'done':
          pages = event.pagesScanned;
          found = event.imagesFound;
          break;
        case 'error':
          throw new Error(event.error);
      }
    };
    try {
      await scanWebsite({ url: url.trim(), depth, render }, onEvent, controller.signal);
      const { title, description } = m.success(found, pages);
      toasts.success(title, description);
    } catch (error) {
      if (controller.signal.aborted) return;
      toasts.error(m.failed.title, `${m.failed.description} ${failureText(error, m.fallbackError)}`);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setScanning(false);
      }
    }
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setScanning(false);
    setCancelled(true);
  };

  return (
    <>
      <PageHeading
        title="Extract Images from Website"
        subtitle="Scan a whole website, page after page, and collect every image it uses."
      />
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <Form layout="vertical" onFinish={scan} requiredMark={false} noValidate>
          <Form.Item label="Website URL" htmlFor="website-url">
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
          </Form.Item>
          <Form.Item
            label="Scan Depth (pages)"
            htmlFor="scan-depth"
            extra={`How many links deep to follow from the start page, ${SCAN_DEPTH_MIN} to ${SCAN_DEPTH_MAX}. A scan reads at most ${maxPages} pages.`}
          >
            <InputNumber
              id="scan-depth"
              min={SCAN_DEPTH_MIN}
              max={SCAN_DEPTH_MAX}
              precision={0}
              value={depth}
              onChange={(value) => setDepth(value ?? SCAN_DEPTH_DEFAULT)}
            />
          </Form.Item>
          <Checkbox checked={render} onChange={(event) => setRender(event.target.checked)}>
            Render JavaScript
          </Checkbox>
          <Space style={{ display: 'flex', marginTop: 16 }}>
            <Button type="primary" htmlType="submit" size="large" loading={scanning} disabled={scanning}>
              {scanning ? 'Scanning Website...' : 'Scan Website'}
            </Button>
            {scanning ? (
              <Button size="large" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
          </Space>
        </Form>
        {progress && (scanning || cancelled) ? (
          <div style={{ marginTop: 16 }} aria-live="polite">
            <Progress
              percent={Math.round(
                (100 * progress.pagesScanned) /
                  Math.max(1, Math.min(maxPages, progress.pagesScanned + progress.pagesQueued)),
              )}
              status={cancelled ? 'exception' : 'active'}
            />
            <Typography.Text data-testid="scan-progress">
              {`${progress.pagesScanned} pages scanned, ${progress.pagesQueued} queued, ${progress.imagesFound} images found`}
            </Typography.Text>
            {progress.currentUrl && scanning ? (
              <Typography.Paragraph type="secondary" ellipsis style={{ marginBottom: 0 }}>
                Reading {progress.currentUrl}
              </Typography.Paragraph>
            ) : null}
            {cancelled ? <Alert type="warning" showIcon title="Scan cancelled." style={{ marginTop: 8 }} /> : null}
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
                <Typography.Link href={image.pageUrl} target="_blank" rel="noopener noreferrer">
                  {image.pageUrl}
                </Typography.Link>
              ) : (
                'unknown page'
              )}
            </>
          )}
          onDownload={() => toasts.info(MESSAGES.download.image.title)}
          onDownloadAll={(shown) => {
            toasts.info(MESSAGES.download.all.title, MESSAGES.download.all.description);
            downloadZip(shown, 'website-images.zip');
          }}
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
