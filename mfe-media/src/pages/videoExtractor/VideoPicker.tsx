import { toasts } from 'browser-services/toast';
import { Suspense } from 'react';
import { MESSAGES, VIDEO_MAX_BYTES } from 'shared-contracts';
import { themedLazy, UploadBox } from 'shared-ui';
import { Tabs, Text } from 'shared-ui/design-system';
import type { ChosenVideo } from '../../client/index.ts';
import { BROWSER_FORMATS_TEXT, SERVER_FORMATS_TEXT, VIDEO_MAX_TEXT } from './facts.ts';

const m = MESSAGES.video;

/** Extensions the picker offers; the file's first bytes decide, not its name. */
const ACCEPT = 'video/*,.mp4,.m4v,.mov,.webm,.mkv,.avi,.flv,.ts,.mts,.m2ts';
const EXTENSION = /\.(mp4|m4v|mov|webm|mkv|avi|flv|ts|mts|m2ts)$/i;

async function refuseNonVideo(file: File) {
  // The byte sniffer loads with the first file. Should it fail to load (the connection dropped), the
  // name and type already passed: extraction itself refuses what is no video.
  const sniffer = await import('./sniffVideo.ts').catch(() => undefined);
  if (!sniffer) return undefined;
  const { sniffVideoContainer, VIDEO_SNIFF_BYTES } = sniffer;
  const head = new Uint8Array(await file.slice(0, VIDEO_SNIFF_BYTES).arrayBuffer());
  return sniffVideoContainer(head) ? undefined : { title: 'Invalid File Type', description: m.notAVideoFile };
}

// The Video URL tab's panel (antd's Input, its Add button and alert, the address's checks) loads when
// the tab is first opened, or as the pointer reaches it: most visitors upload a file.
const loadUrlPanel = () => import('./VideoUrlPanel.tsx');
const VideoUrlPanel = themedLazy(loadUrlPanel);
const preloadUrlPanel = () => void loadUrlPanel().catch(() => undefined);

type Props = {
  video: ChosenVideo | undefined;
  onVideo: (video: ChosenVideo) => void;
  disabled: boolean;
};

/** The two ways to choose a video: a file from this device, or a direct link to one. */
export function VideoPicker({ video, onVideo, disabled }: Props) {
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
          label: <span onPointerEnter={preloadUrlPanel}>Video URL</span>,
          children: (
            <Suspense
              fallback={
                <Text type="secondary" role="status">
                  Loading…
                </Text>
              }
            >
              <VideoUrlPanel onVideo={onVideo} disabled={disabled} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
