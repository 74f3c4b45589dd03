import { toasts } from 'browser-services/toast';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES, videoPlatformOf } from 'media-files';
import { useState } from 'react';
import { MESSAGES, PublicUrlSchema, VIDEO_MAX_BYTES } from 'shared-contracts';
import { UploadBox } from 'shared-ui';
import { LinkOutlined, Tabs, Text } from 'shared-ui/design-system';
import { Alert } from 'shared-ui/design-system/alert';
import { Button } from 'shared-ui/design-system/button';
import { Input } from 'shared-ui/design-system/input';
import { Space } from 'shared-ui/design-system/space';
import type { ChosenVideo } from '../../client/index.ts';
import { BROWSER_FORMATS_TEXT, SERVER_FORMATS_TEXT, VIDEO_MAX_TEXT } from './facts.ts';

const m = MESSAGES.video;

/** Extensions the picker offers; the file's first bytes decide, not its name. */
const ACCEPT = 'video/*,.mp4,.m4v,.mov,.webm,.mkv,.avi,.flv,.ts,.mts,.m2ts';
const EXTENSION = /\.(mp4|m4v|mov|webm|mkv|avi|flv|ts|mts|m2ts)$/i;

async function refuseNonVideo(file: File) {
  const head = new Uint8Array(await file.slice(0, VIDEO_SNIFF_BYTES).arrayBuffer());
  return sniffVideoContainer(head) ? undefined : { title: 'Invalid File Type', description: m.notAVideoFile };
}

type Props = {
  video: ChosenVideo | undefined;
  onVideo: (video: ChosenVideo) => void;
  disabled: boolean;
};

/** The two ways to choose a video (spec §2): a file from this device, or a direct link to one. */
export function VideoPicker({ video, onVideo, disabled }: Props) {
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<string>();

  const addUrl = () => {
    const parsed = PublicUrlSchema.safeParse(url);
    if (!parsed.success) {
      setUrlProblem(parsed.error.issues[0]?.message ?? 'Please enter a valid http:// or https:// address');
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
    <Tabs
      defaultActiveKey="upload"
      items={[
        {
          key: 'upload',
          label: 'Upload Video',
          children: (
            <UploadBox
              accept={ACCEPT}
              maxBytes={VIDEO_MAX_BYTES}
              messages={{
                invalidType: { title: 'Invalid File Type', description: m.notAVideoFile },
                tooLarge: { title: 'File Too Large', description: m.tooLarge },
              }}
              acceptsFile={(file) => file.type.startsWith('video/') || EXTENSION.test(file.name)}
              validate={refuseNonVideo}
              onFile={(file) => {
                onVideo({ kind: 'file', file });
                const { title, description } = m.uploaded(file.name);
                toasts.success(title, description);
              }}
              onReject={(message) => toasts.error(message.title, message.description)}
              file={video?.kind === 'file' ? video.file : undefined}
              prompt="Drag and drop a video here, or click to choose one"
              hint={`Supports ${BROWSER_FORMATS_TEXT} in your browser; ${SERVER_FORMATS_TEXT} on our server. Max ${VIDEO_MAX_TEXT}.`}
              disabled={disabled}
            />
          ),
        },
        {
          key: 'url',
          label: 'Video URL',
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  id="video-url"
                  type="url"
                  aria-label="Video URL"
                  prefix={<LinkOutlined aria-hidden="true" />}
                  placeholder="https://example.com/video.mp4"
                  value={url}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    setUrlProblem(undefined);
                  }}
                  onPressEnter={addUrl}
                  size="large"
                  disabled={disabled}
                  status={urlProblem ? 'error' : undefined}
                />
                <Button type="primary" size="large" onClick={addUrl} disabled={disabled}>
                  Add
                </Button>
              </Space.Compact>
              <Text type="secondary">
                A direct link to an MP4, WebM, MOV, MKV or AVI file. YouTube and other video platforms are not
                supported: their pages are not video files.
              </Text>
              {urlProblem ? <Alert type="error" showIcon title={urlProblem} role="alert" /> : null}
            </Space>
          ),
        },
      ]}
    />
  );
}
