import {
  CloudDownloadOutlined,
  EyeOutlined,
  FileImageOutlined,
  FundProjectionScreenOutlined,
  LinkOutlined,
  PictureOutlined,
  SaveOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  FRAME_INTERVAL_DEFAULT_SECONDS,
  FRAME_INTERVAL_MAX_SECONDS,
  FRAME_INTERVAL_MIN_SECONDS,
  MiB,
  VIDEO_MAX_BYTES,
} from 'shared-contracts';
import { InfoSection, PageHeading, StepsSection } from 'shared-ui';

// Stated from the limit in force, so the page and the check cannot disagree.
const VIDEO_UPLOAD_MAX_GB = VIDEO_MAX_BYTES / (1024 * MiB);

const interval = `${FRAME_INTERVAL_MIN_SECONDS} to ${FRAME_INTERVAL_MAX_SECONDS} seconds`;

export default function VideoExtractorPage() {
  return (
    <>
      <PageHeading
        title="Extract Frames from Video"
        subtitle="Capture still frames from a video at the interval you choose, and download them as images."
      />
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
            text: 'Paste a direct link to a video file instead of uploading one.',
          },
          {
            icon: <EyeOutlined />,
            title: 'Preview first',
            text: 'Watch the video before extracting, to check it is the right one.',
          },
          {
            icon: <CloudDownloadOutlined />,
            title: 'Download all',
            text: 'Download any frame on its own, or every frame in one ZIP file.',
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
            text: 'In your browser: MP4, WebM, MOV and MKV files are decoded on your device, not uploaded.',
          },
          {
            title: 'Video formats',
            text: 'MP4, WebM, MOV and MKV in the browser; AVI and FLV are decoded on our server.',
          },
          { title: 'File size', text: `Up to ${VIDEO_UPLOAD_MAX_GB} GB per video.` },
          {
            title: 'Frame interval',
            text: `Every ${interval}, in steps of 1 second (${FRAME_INTERVAL_DEFAULT_SECONDS} by default).`,
          },
          { title: 'Output formats', text: 'PNG, JPEG or WebP images.' },
          { title: 'Frame size', text: "Frames keep the video's own resolution." },
        ]}
      />
      <StepsSection
        id="how-it-works"
        title="How It Works"
        steps={[
          { title: 'Choose a video', text: 'Upload a video file or paste the address of one.' },
          { title: 'Set the interval', text: `Choose how often to capture a frame: every ${interval}.` },
          { title: 'Extract', text: 'The video is decoded and a frame is captured at each interval.' },
          { title: 'Download', text: 'Download the frames you want, or all of them as a ZIP.' },
        ]}
      />
    </>
  );
}
