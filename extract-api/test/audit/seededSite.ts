import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditReport } from 'shared-contracts';
import { expect, it } from 'vitest';

/** The seeded audit site (its README lists every problem it holds, and what must not be reported). */
export const AUDIT_SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/sites/audit');

/** Pages with no problem at all: nothing may be reported on them. */
export const CLEAN = ['index.html', 'clean-article.html', 'clean-gallery.html'];

/** Every seeded problem of the README: rule, image path, page. */
export const SEEDED: [string, string, string][] = [
  ['alt-missing', '/img/alt/no-alt.webp', 'problems-alt.html'],
  ['alt-empty', '/img/alt/empty-large.webp', 'problems-alt.html'],
  ['alt-empty', '/img/alt/empty-link.webp', 'problems-alt.html'],
  ['alt-placeholder', '/img/alt/IMG_1234.webp', 'problems-alt.html'],
  ['alt-placeholder', '/img/alt/photo-1.webp', 'problems-alt.html'],
  ['alt-too-long', '/img/alt/long.webp', 'problems-alt.html'],
  ['alt-duplicate', '/img/alt/team-a.webp', 'problems-alt.html'],
  ['size-oversized', '/img/size/oversized.webp', 'problems-size.html'],
  ['size-unsized', '/img/size/unsized.webp', 'problems-size.html'],
  ['size-no-srcset', '/img/size/no-srcset.webp', 'problems-size.html'],
  ['weight-heavy', '/img/weight/photo.png', 'problems-weight.html'],
  ['weight-reencode', '/img/weight/photo.png', 'problems-weight.html'],
  ['loading-lazy-lcp', '/img/loading/hero-lazy.webp', 'problems-loading.html'],
  ['loading-eager-offscreen', '/img/loading/eager-below.webp', 'problems-loading.html'],
  ['loading-animated-gif', '/img/loading/animated.gif', 'problems-loading.html'],
  ['loading-broken', '/img/missing.jpg', 'problems-loading.html'],
  ['loading-broken', '/img/not-an-image.jpg', 'problems-loading.html'],
  ['loading-redirect', '/redirect/a.webp', 'problems-loading.html'],
  ['loading-robots', '/img/private/blocked.webp', 'problems-loading.html'],
  ['duplicate', '/img/dup/harbour.webp', 'problems-duplicate.html'],
];

/**
 * The checks every audit of the seeded site makes, whatever ran it: each seeded problem reported
 * on its page, nothing on a clean page. `state()` is read when the tests run (the report is made in
 * a beforeAll).
 */
export function itReportsTheSeededSite(state: () => { report: AuditReport; origin: string }) {
  it.each(SEEDED)('reports %s on %s', (rule, image, page) => {
    const { report, origin } = state();
    const found = report.findings.find((f) => f.rule === rule && f.imageUrl === `${origin}${image}`);
    expect(
      found,
      `${rule} ${image}: ${report.findings.map((f) => `${f.rule} ${f.imageUrl}`).join(', ')}`,
    ).toBeDefined();
    expect(found?.pages).toContain(`${origin}/${page}`);
  });

  it('reports nothing on the clean pages', () => {
    const { report, origin } = state();
    const onClean = report.findings.filter((f) => f.pages.some((p) => CLEAN.some((c) => p === `${origin}/${c}`)));
    expect(onClean.map((f) => `${f.rule} ${f.imageUrl}`)).toEqual([]);
  });
}
