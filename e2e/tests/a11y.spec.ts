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
  PATHS.anyFileExtractor,
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

/** The names antd gives its icons on the page (each `span.anticon`'s aria-label: "folder-open"), hidden or not. */
const iconNames = (page: Page) =>
  page
    .locator('span.anticon[aria-label]')
    .evaluateAll((icons) => [...new Set(icons.map((icon) => icon.getAttribute('aria-label') ?? ''))]);

/** Each button's, link's and menu item's accessible name, as the accessibility tree has it. */
async function controlNames(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  // A line is `- button "name"`, or `- 'button "name"'` (YAML quotes, doubling ') when the name needs it.
  return [...snapshot.matchAll(/- ('?)(?:button|link|menuitem) "((?:[^"\\]|\\.)*)"/g)].map(
    ([, yamlQuoted, name = '']) => JSON.parse(`"${yamlQuoted ? name.replaceAll("''", "'") : name}"`) as string,
  );
}

/**
 * No control reads an icon's name: antd's icons are labelled, and one inside a button would be read
 * before the button's words ("folder-open Save to folder…", with or without the space). antd's
 * names are lower case and the site's words are not ("Download All" is not "download"), so a name
 * leaks when it is the icon's, starts with it before anything but a lower-case letter, digit or
 * hyphen, or ends with it after a space.
 */
async function expectNoIconInNames(page: Page) {
  const icons = await iconNames(page);
  const names = await controlNames(page);
  expect(names.length, `no button or link found on ${page.url()}`).toBeGreaterThan(0);
  const leaking = names.filter((name) =>
    icons.some(
      (icon) =>
        name === icon ||
        (name.startsWith(icon) && !/[a-z0-9-]/.test(name.charAt(icon.length))) ||
        name.endsWith(` ${icon}`),
    ),
  );
  expect(leaking, `controls on ${page.url()} whose name reads an icon's (${icons.join(', ')})`).toEqual([]);
}

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violation, and no icon in a control's name`, async ({
    page,
    site,
  }) => {
    await page.goto(path);
    await expect(site.heading(heading)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoIconInNames(page);
  });
}

test("the not-found page has no serious or critical accessibility violation, and no icon in a control's name", async ({
  page,
  site,
}) => {
  await page.goto(UNKNOWN_PATH);
  await expect(site.heading(MESSAGES.notFound.title)).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoIconInNames(page);
});
