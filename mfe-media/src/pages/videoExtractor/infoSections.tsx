import {
  FRAME_INTERVAL_DEFAULT_SECONDS,
  FRAME_INTERVAL_MAX_SECONDS,
  FRAME_INTERVAL_MIN_SECONDS,
} from 'shared-contracts';
import { InfoSection, StepsSection } from 'shared-ui';
import {
  CloudDownloadOutlined,
  EyeOutlined,
  FileImageOutlined,
  FundProjectionScreenOutlined,
  LinkOutlined,
  PictureOutlined,
  SaveOutlined,
  SearchOutlined,
} from 'shared-ui/design-system';
import { BROWSER_FORMATS_TEXT, SERVER_FORMATS_TEXT, VIDEO_MAX_TEXT } from './facts.ts';

const interval = `${FRAME_INTERVAL_MIN_SECONDS} to ${FRAME_INTERVAL_MAX_SECONDS} seconds`;

/** Use cases, advanced features, technical specs and how it works: every claim is what the page does. */
export function VideoInfoSections() {
  return (
    <>
      <InfoSection
        id="use-cases"
        title="Use Cases"
        items={[
          {
            icon: <PictureOutlined />,
            title: 'Thumbnails',
            text: 'Pick the best still of a video for its thumbnail or cover image.',
          },
          {
            icon: <FundProjectionScreenOutlined />,
            title: 'Slides and guides',
            text: 'Illustrate presentations, tutorials and reports with frames from a recording.',
          },
          { icon: <FileImageOutlined />, title: 'Social posts', text: 'Share the key moments of a clip as images.' },
          {
            icon: <SearchOutlined />,
            title: 'Review',
            text: 'Step through a long recording at a regular interval to see what happens in it.',
          },
        ]}
      />
      <InfoSection
        id="advanced-features"
        title="Advanced Features"
        items={[
          {
            icon: <LinkOutlined />,
            title: 'Video by address',
            text: 'Paste a direct link to a video file instead of uploading one; only the parts needed are fetched.',
          },
          {
            icon: <EyeOutlined />,
            title: 'Preview first',
            text: 'Watch the video before extracting, to check it is the right one.',
          },
          {
            icon: <CloudDownloadOutlined />,
            title: 'Download all',
            text: 'Download any frame on its own, or every frame in one ZIP file made on your device.',
          },
          {
            icon: <SaveOutlined />,
            title: 'Save to My Downloads',
            text: 'Signed in, keep the frames you want in your profile, on this device.',
          },
        ]}
      />
      <InfoSection
        id="technical-specs"
        title="Technical Specifications"
        items={[
          {
            title: 'Processing',
            text: `In your browser: ${BROWSER_FORMATS_TEXT} files with H.264, VP8, VP9 or AV1 video are decoded on your device, not uploaded.`,
          },
          {
            title: 'Video formats',
            text: `${BROWSER_FORMATS_TEXT} in the browser; ${SERVER_FORMATS_TEXT} files and HEVC video are converted on our server with ffmpeg, when the server has it.`,
          },
          { title: 'File size', text: `Up to ${VIDEO_MAX_TEXT} per video.` },
          {
            title: 'Frame interval',
            text: `Every ${interval}, in steps of 1 second (${FRAME_INTERVAL_DEFAULT_SECONDS} by default).`,
          },
          { title: 'Output formats', text: 'PNG (lossless), or JPEG or WebP with the quality you choose.' },
          {
            title: 'Frame accuracy',
            text: 'Each frame is the one on screen at its time, at the size a player shows: rotation and non-square pixels applied.',
          },
          {
            title: 'Browsers',
            text: 'Decoding uses WebCodecs: a recent Chrome, Edge, Opera, Firefox or Safari, on an HTTPS page.',
          },
        ]}
      />
      <StepsSection
        id="how-it-works"
        title="How It Works"
        steps={[
          { title: 'Choose a video', text: 'Upload a video file or paste the address of one.' },
          { title: 'Set the interval', text: `Choose how often to capture a frame: every ${interval}.` },
          {
            title: 'Extract',
            text: 'The video is decoded and the frame on screen at each interval is saved as an image.',
          },
          { title: 'Download', text: 'Download the frames you want, or all of them as a ZIP.' },
        ]}
      />
    </>
  );
}
