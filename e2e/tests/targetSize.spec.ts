import AxeBuilder from '@axe-core/playwright';
import { type AppPath, PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS, SIGNED_OUT_REDIRECTS } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// Every route a signed-out visitor can open (/profile sends them to /sign-in, checked there).
const PAGES = (Object.values(PATHS) as AppPath[]).filter((path) => !SIGNED_OUT_REDIRECTS[path]);

// axe's target-size (WCAG 2.5.8, Lighthouse's target-size audit) is off in axe's defaults, so the
// a11y suite does not run it: a target under 24 x 24 CSS px, with a neighbour too close, fails here.
for (const width of [390, 1280]) {
  test(`every touch target is at least 24 px, or far enough from its neighbours, at ${width} px wide`, async ({
    page,
    site,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    const failures: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await expect(site.heading(PAGE_HEADINGS[path])).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
      for (const node of violations.flatMap((violation) => violation.nodes)) {
        failures.push(`${path} ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });
}

test('the phone menu, open, has no target under 24 px and no serious accessibility violation', async ({
  page,
  site,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PATHS.home);
  await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
  await site.header.getByRole('button', { name: 'Menu' }).click();
  await expect(site.header.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);
  const all = await new AxeBuilder({ page }).analyze();
  const serious = all.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
});
