import { describe, expect, it } from 'vitest';
import { ExtractWebsiteRequestSchema, PublicUrlSchema, ZipRequestSchema } from '../src/api/extract.ts';

describe('PublicUrlSchema', () => {
  it.each(['https://example.org/', 'http://example.org/a?b=c', '  https://example.org  '])('accepts %s', (url) => {
    expect(PublicUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each([
    '',
    'example.org',
    'ftp://example.org/x.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,hi',
  ])('refuses %s', (url) => {
    expect(PublicUrlSchema.safeParse(url).success).toBe(false);
  });
});

describe('ExtractWebsiteRequestSchema', () => {
  it('defaults the depth to 2 and rendering to off', () => {
    expect(ExtractWebsiteRequestSchema.parse({ url: 'https://example.org' })).toMatchObject({
      depth: 2,
      render: false,
    });
  });

  it.each([0, 11, 2.5, -1])('refuses the depth %s with a clear message', (depth) => {
    const result = ExtractWebsiteRequestSchema.safeParse({ url: 'https://example.org', depth });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Scan depth must be/);
  });
});

describe('ZipRequestSchema', () => {
  it('refuses an empty list', () => {
    expect(ZipRequestSchema.safeParse({ images: [] }).success).toBe(false);
  });
});
