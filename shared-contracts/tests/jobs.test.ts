import { describe, expect, it } from 'vitest';
import { JOB_PATHS, JobIdSchema, SequencedEventSchema, WebsiteJobRequestSchema } from '../src/index.ts';

describe('website job contracts', () => {
  it('should take one start address or a batch of them, with depth defaulted, and refuse neither', () => {
    expect(WebsiteJobRequestSchema.parse({ url: 'https://a.example/' })).toMatchObject({ depth: 2, render: false });
    expect(WebsiteJobRequestSchema.parse({ urls: ['https://a.example/', 'https://b.example/x'] }).urls).toHaveLength(2);
    expect(WebsiteJobRequestSchema.safeParse({ depth: 2 }).success).toBe(false);
    expect(WebsiteJobRequestSchema.safeParse({ urls: [] }).success).toBe(false);
    expect(WebsiteJobRequestSchema.safeParse({ url: 'ftp://a.example/' }).success).toBe(false);
    expect(WebsiteJobRequestSchema.safeParse({ url: 'https://a.example/', depth: 11 }).success).toBe(false);
  });

  it('should number each event of the one union, and refuse what is not one', () => {
    const event = SequencedEventSchema.parse({ seq: 7, type: 'progress', done: 2, unit: 'pages', failed: 1 });
    expect(event).toEqual({ seq: 7, type: 'progress', done: 2, unit: 'pages', failed: 1 });
    expect(SequencedEventSchema.safeParse({ seq: 7, type: 'finished' }).success).toBe(false);
    expect(SequencedEventSchema.safeParse({ type: 'done', found: 1 }).success).toBe(false);
  });

  it('should take only URL-safe ids, and escape them in paths', () => {
    expect(JobIdSchema.safeParse('a'.repeat(22)).success).toBe(true);
    expect(JobIdSchema.safeParse('../../etc/passwd').success).toBe(false);
    expect(JOB_PATHS.websiteJobEvents('ab/c')).toBe('/api/website-jobs/ab%2Fc/events');
  });
});
