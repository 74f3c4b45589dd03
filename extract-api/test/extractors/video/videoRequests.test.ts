import { describe, expect, it } from 'vitest';
import { isClearlyNotVideo } from '../../../src/extractors/video/index.ts';
import { parseRange } from '../../../src/routes/api/video/index.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-', { start: 0 }],
    ['bytes=100-199', { start: 100, end: 199 }],
    ['bytes=-500', undefined],
    ['bytes=0-10,20-30', undefined],
    ['bytes=9-3', undefined],
    ['items=0-1', undefined],
    [undefined, undefined],
  ])('%s → %j', (header, range) => {
    expect(parseRange(header)).toEqual(range);
  });
});

describe('isClearlyNotVideo', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['image/png', true],
    ['application/json', true],
    ['application/problem+json', true],
    ['video/mp4', false],
    ['application/octet-stream', false],
    ['binary/octet-stream', false],
    [undefined, false],
  ])('%s → %s', (type, expected) => {
    expect(isClearlyNotVideo(type)).toBe(expected);
  });
});
