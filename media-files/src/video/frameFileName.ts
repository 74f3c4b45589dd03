import { type FrameFormat, frameExtension } from 'shared-contracts';
import { formatTimestamp, type TimestampOptions } from './timestamp.ts';

/**
 * `frame-00-01-05.png` for the frame at 65 s; `frame-00-01-05-250.png` with millis (65.25 s).
 * Colons become hyphens: Windows refuses `:` in file names.
 */
export function frameFileName(seconds: number, format: FrameFormat, options: TimestampOptions = {}): string {
  const stamp = formatTimestamp(seconds, options).replace(/[:.]/g, '-');
  return `frame-${stamp}.${frameExtension(format)}`;
}
