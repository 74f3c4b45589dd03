import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeInflateRaw } from '../src/node/index.ts';

describe('nodeInflateRaw', () => {
  const bytes = Buffer.alloc(200_000, 'image data ');
  const deflated = deflateRawSync(bytes);

  it('should inflate to the declared bytes', async () => {
    expect(Buffer.from(await nodeInflateRaw(deflated, bytes.length)).equals(bytes)).toBe(true);
  });

  it('should stop past the declared size and answer one byte too long, which the engine refuses', async () => {
    expect((await nodeInflateRaw(deflated, 1000)).length).toBe(1001);
  });

  it('should reject damaged data', async () => {
    await expect(nodeInflateRaw(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00]), 10)).rejects.toThrow();
  });
});
