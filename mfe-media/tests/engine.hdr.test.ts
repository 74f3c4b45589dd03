// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeHdrPatchVideo, makeSceneVideo } from '../../tooling/testVideos.mjs';
import { openVideo } from '../src/engine/index.ts';

// Which videos the engine tone-maps is read from the container and codec, before a frame is
// decoded (Node has no decoder: the tone mapping itself is tested in media-files on real planes,
// and in Chromium by e2e/tests/video.spec.ts).
const work = mkdtempSync(path.join(tmpdir(), 'engine-hdr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function hdrOf(file: string) {
  const { input, info } = await openVideo(new Uint8Array(readFileSync(file)));
  input.dispose();
  return info.hdr;
}

describe('HDR sources', { timeout: 30_000 }, () => {
  it.each(['pq', 'hlg'] as const)('a 10-bit %s VP9 WebM is known as such', async (transfer) => {
    expect(await hdrOf(makeHdrPatchVideo(work, transfer))).toBe(transfer);
  });

  it('an SDR H.264 MP4 is not', async () => {
    expect(await hdrOf(makeSceneVideo(work))).toBeUndefined();
  });
});
