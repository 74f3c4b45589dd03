import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS, UNKNOWN_PATH } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const PUBLIC_PAGES = [
  PATHS.home,
  PATHS.tools,
  PATHS.faq,
  PATHS.contactUs,
  PATHS.privacyPolicy,
  PATHS.termsOfService,
  PATHS.urlExtractor,
  PATHS.websiteExtractor,
  PATHS.videoExtractor,
  PATHS.pdfExtractor,
  PATHS.docxExtractor,
  PATHS.pptExtractor,
  PATHS.signIn,
  PATHS.signUp,
].map((path) => ({ path, heading: PAGE_HEADINGS[path] }));

/** One paragraph per violation: rule, impact, what is wrong, where, and how to fix it. */
function describeViolations(violations: Violations): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`,
        )
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(serious.length, `accessibility violations on ${page.url()}:\n\n${describeViolations(serious)}\n`).toBe(0);
}

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page, site }) => {
    await page.goto(path);
    await expect(site.heading(heading)).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the not-found page has no serious or critical accessibility violation', async ({ page, site }) => {
  await page.goto(UNKNOWN_PATH);
  await expect(site.heading(MESSAGES.notFound.title)).toBeVisible();
  await expectNoSeriousViolations(page);
});
