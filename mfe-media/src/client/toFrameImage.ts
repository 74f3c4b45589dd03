import { formatTimestamp, frameFileName } from 'media-files';
import { type ExtractedImage, type FrameFormat, frameFormatLabel, frameMimeType } from 'shared-contracts';

/**
 * A frame as the grid, the ZIP and Save-to-profile take it. The object URL lives as long as the
 * frame is shown: the page revokes it when the frames are replaced or the page goes away.
 */
export function toFrameImage(
  frame: { timeSeconds: number; blob: Blob; width: number; height: number },
  index: number,
  format: FrameFormat,
  millis: boolean,
): ExtractedImage {
  return {
    id: `frame-${index}`,
    name: frameFileName(frame.timeSeconds, format, { millis }),
    url: URL.createObjectURL(frame.blob),
    source: 'video',
    format: frameFormatLabel(format),
    mimeType: frame.blob.type || frameMimeType(format),
    width: frame.width,
    height: frame.height,
    size: frame.blob.size,
    timeSeconds: frame.timeSeconds,
    timestamp: formatTimestamp(frame.timeSeconds, { millis }),
  };
}
