import { MESSAGES, VIDEO_MAX_BYTES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../src/files/formatBytes.ts';

describe('formatBytes', () => {
  it.each([
    [undefined, 'card', undefined],
    [0, 'card', '0 B'],
    [1023, 'card', '1023 B'],
    [250_880, 'card', '245 KB'],
    [3.4 * 1024 * 1024, 'card', '3.4 MB'],
    [150 * 1024 * 1024, 'card', '150 MB'],
    [20_000, 'file', '0.02 MB'],
    [2_590_000, 'file', '2.47 MB'],
    [100 * 1024 * 1024, 'file', '100.00 MB'],
    [100 * 1024 * 1024, 'limit', '100 MB'],
    [512 * 1024, 'limit', '512 KB'],
    [2 * 1024 ** 3, 'limit', '2 GB'],
    [1.5 * 1024 * 1024, 'limit', '1.5 MB'],
  ] as const)('%s bytes as a %s is %s', (bytes, style, text) => {
    expect(formatBytes(bytes, style)).toBe(text);
  });
});

describe('the message catalogue', () => {
  // shared-contracts writes its limits without this package; the words must still be formatBytes' words.
  it('states the video limit as formatBytes does', () => {
    expect(MESSAGES.video.tooLarge).toContain(`larger than ${formatBytes(VIDEO_MAX_BYTES, 'limit')},`);
  });
});
