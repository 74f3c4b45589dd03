import { SCAN_PATTERN_MAX_WILDCARDS, SCAN_PATTERN_URL_MAX_CHARS, WebsiteJobRequestSchema } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { globMatcher, urlFilter } from '../../../src/extractors/web/index.ts';

const PATHOLOGICAL = '*a*a*a*a*a*a*a*a*a*a*b';

describe('globMatcher', () => {
  it.each([
    // `*` any run, the whole URL must match
    ['https://a.example/docs/*', 'https://a.example/docs/', true],
    ['https://a.example/docs/*', 'https://a.example/docs/guide/intro', true],
    ['https://a.example/docs/*', 'https://a.example/blog/docs/x', false],
    ['*.pdf', 'https://a.example/report.pdf', true],
    ['*.pdf', 'https://a.example/report.pdf?download=1', false],
    ['*.pdf*', 'https://a.example/report.pdf?download=1', true],
    ['*/blog/*/2024/*', 'https://a.example/blog/news/2024/may', true],
    ['*/blog/*/2024/*', 'https://a.example/blog/2024/may', false],
    ['*', 'anything at all', true],
    ['*', '', true],
    // runs of `*` are one star
    ['https://***a.example/**', 'https://www.a.example/x', true],
    ['**', 'x', true],
    // parts must not overlap: the last is anchored at the end, after the ones before it
    ['*ab*ba', 'aba', false],
    ['*ab*ba', 'abba', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    // each part in order, not anywhere
    ['*second*first*', 'x/first/second/', false],
    ['*first*second*', 'x/first/second/', true],
    // regex characters are plain text
    ['*(a|b)+.html', 'https://a.example/(a|b)+.html', true],
    ['*.html', 'https://a.example/xhtml', false],
    // no `*`: the URL need only contain the pattern
    ['/blog/', 'https://a.example/blog/post', true],
    ['/blog/', 'https://a.example/blogs/post', false],
  ])('%s against %s → %s', (pattern, url, expected) => {
    expect(globMatcher(pattern)(url)).toBe(expected);
  });

  it('takes the pattern that froze the API for 11.6 s in no time, against 34 a and 2,000 characters', () => {
    const match = globMatcher(PATHOLOGICAL);
    // A host without an a, so that the path's a's are all there are.
    // Measured: under 0.1 ms each here; the regex it replaces needed 11.6 s for the first URL.
    expect(match(`https://x.test/${'a'.repeat(34)}`)).toBe(false);
    expect(match(`https://x.test/${'a'.repeat(2_000)}`)).toBe(false);
    expect(match(`https://x.test/${'a'.repeat(2_000)}b`)).toBe(true);
    expect(match(`https://x.test/${'ab'.repeat(9)}`)).toBe(false);
    expect(match(`https://x.test/${'ab'.repeat(10)}`)).toBe(true);
  });
});

describe('urlFilter', () => {
  it('follows what an include pattern matches and no exclude pattern does', () => {
    const filter = urlFilter(['https://a.example/docs/*', '/guide/'], ['*.pdf*']);
    expect(filter('https://a.example/docs/intro')).toBe(true);
    expect(filter('https://a.example/guide/start')).toBe(true);
    expect(filter('https://a.example/docs/manual.pdf')).toBe(false);
    expect(filter('https://a.example/blog/')).toBe(false);
    expect(urlFilter()('anything')).toBe(true);
  });

  it(`with patterns, does not follow a link longer than ${SCAN_PATTERN_URL_MAX_CHARS} characters`, () => {
    const long = `https://a.example/docs/${'x'.repeat(SCAN_PATTERN_URL_MAX_CHARS)}`;
    expect(urlFilter(['https://a.example/docs/*'])(long)).toBe(false);
    expect(urlFilter([], ['*.pdf'])(long)).toBe(false);
    // Without patterns nothing is matched, so length does not matter.
    expect(urlFilter()(long)).toBe(true);
    expect(urlFilter(['https://a.example/docs/*'])(long.slice(0, SCAN_PATTERN_URL_MAX_CHARS))).toBe(true);
  });
});

describe('the website job request: patterns', () => {
  const request = (include: string[]) => WebsiteJobRequestSchema.safeParse({ url: 'https://a.example/', include });

  it(`takes up to ${SCAN_PATTERN_MAX_WILDCARDS} wildcards a pattern, a run of * counting once`, () => {
    expect(request([PATHOLOGICAL]).success).toBe(true);
    expect(request(['*a'.repeat(SCAN_PATTERN_MAX_WILDCARDS)]).success).toBe(true);
    expect(request([`${'***a'.repeat(SCAN_PATTERN_MAX_WILDCARDS)}`]).success).toBe(true);
  });

  it('refuses a pattern with more, with a sentence', () => {
    const parsed = request(['*a'.repeat(SCAN_PATTERN_MAX_WILDCARDS + 1)]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      `A pattern may hold at most ${SCAN_PATTERN_MAX_WILDCARDS} wildcards (*).`,
    );
  });
});
