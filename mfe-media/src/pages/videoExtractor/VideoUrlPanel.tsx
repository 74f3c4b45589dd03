import { toasts } from 'browser-services/toast';
import { videoPlatformOf } from 'media-files';
import { useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { LinkOutlined, Text } from 'shared-ui/design-system';
import { Alert } from 'shared-ui/design-system/alert';
import { Button } from 'shared-ui/design-system/button';
import { Input } from 'shared-ui/design-system/input';
import { Space } from 'shared-ui/design-system/space';
import type { ChosenVideo } from '../../client/index.ts';

const m = MESSAGES.video;

const FALLBACK_PROBLEM = 'Please enter a valid http:// or https:// address';
/** When the address's checks themselves could not be loaded (the connection dropped). */
const UNCHECKED = 'The address could not be checked. Check your connection and try again.';

// The address's schema (and zod) load on the first keystroke, so Add rarely waits for them; a failed
// load is tried again on the next attempt.
let schema: Promise<typeof import('./urlSchema.ts')> | undefined;
const loadSchema = () => {
  schema ??= import('./urlSchema.ts').catch((error: unknown) => {
    schema = undefined;
    throw error;
  });
  return schema;
};

type Props = {
  onVideo: (video: ChosenVideo) => void;
  disabled: boolean;
};

/**
 * The Video URL tab's panel: a direct link to a video file. The page loads it (with antd's Input)
 * when the tab is first opened; most visitors upload a file and never need it.
 */
export default function VideoUrlPanel({ onVideo, disabled }: Props) {
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<string>();

  const addUrl = async () => {
    const submitted = url;
    let PublicUrlSchema: typeof import('./urlSchema.ts')['PublicUrlSchema'];
    try {
      ({ PublicUrlSchema } = await loadSchema());
    } catch {
      setUrlProblem(UNCHECKED);
      return;
    }
    const parsed = PublicUrlSchema.safeParse(submitted);
    if (!parsed.success) {
      setUrlProblem(parsed.error.issues[0]?.message ?? FALLBACK_PROBLEM);
      return;
    }
    if (videoPlatformOf(parsed.data)) {
      setUrlProblem(m.platformUnsupported);
      return;
    }
    setUrlProblem(undefined);
    onVideo({ kind: 'url', url: parsed.data });
    toasts.success(m.urlAdded.title);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="video-url"
          type="url"
          aria-label="Video URL"
          prefix={<LinkOutlined />}
          placeholder="https://example.com/video.mp4"
          value={url}
          onChange={(event) => {
            void loadSchema().catch(() => undefined);
            setUrl(event.target.value);
            setUrlProblem(undefined);
          }}
          onPressEnter={() => void addUrl()}
          size="large"
          disabled={disabled}
          status={urlProblem ? 'error' : undefined}
        />
        <Button type="primary" size="large" onClick={() => void addUrl()} disabled={disabled}>
          Add
        </Button>
      </Space.Compact>
      <Text type="secondary">
        A direct link to an MP4, WebM, MOV, MKV or AVI file. YouTube and other video platforms are not supported: their
        pages are not video files.
      </Text>
      {urlProblem ? <Alert type="error" showIcon title={urlProblem} role="alert" /> : null}
    </Space>
  );
}
