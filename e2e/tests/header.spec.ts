import { HEADER_BLUR_THRESHOLD_PX, LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

const SECTION_LINKS = [
  { label: 'Features', section: LANDING_SECTIONS.features },
  { label: 'How It Works', section: LANDING_SECTIONS.howItWorks },
  { label: 'Tools', section: LANDING_SECTIONS.tools },
] as const;

test('the header stays at the top and blurs once the page is scrolled past 10 px', async ({ page, site }) => {
  await page.goto(PATHS.home);
  await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
  await expect(site.header).toHaveCSS('position', 'fixed');
  await expect(site.header).toHaveAttribute('data-scrolled', 'false');
  await expect(site.header).toHaveCSS('backdrop-filter', 'none');

  await site.scrollTo(HEADER_BLUR_THRESHOLD_PX);
  await expect.poll(() => site.scrollY()).toBe(HEADER_BLUR_THRESHOLD_PX);
  await expect(site.header).toHaveAttribute('data-scrolled', 'false');

  await site.scrollTo(HEADER_BLUR_THRESHOLD_PX + 1);
  await expect(site.header).toHaveAttribute('data-scrolled', 'true');
  await expect(site.header).toHaveCSS('backdrop-filter', /blur/);

  await site.scrollTo(600);
  await expect.poll(() => site.scrollY()).toBe(600);
  expect((await site.header.boundingBox())?.y).toBe(0);
  await expect(site.header).toBeInViewport();

  await site.scrollTo(0);
  await expect(site.header).toHaveAttribute('data-scrolled', 'false');
  await expect(site.header).toHaveCSS('backdrop-filter', 'none');
});

for (const { label, section } of SECTION_LINKS) {
  test(`${label} scrolls the landing page to its section, below the header`, async ({ page, site }) => {
    await page.goto(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();

    await site.navLink(label).click();
    await site.expectSectionBelowHeader(section);
    await expect(page).toHaveURL(`${PATHS.home}#${section}`);
  });

  test(`${label} on another page goes home to its section`, async ({ page, site }) => {
    await page.goto(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();

    await site.navLink(label).click();
    await expect(page).toHaveURL(`${PATHS.home}#${section}`);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
    await site.expectSectionBelowHeader(section);
  });
}

test('the logo goes home', async ({ page, site }) => {
  await page.goto(PATHS.tools);
  await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();

  await site.header.getByRole('link', { name: 'Image Extractor home' }).click();
  await expect(page).toHaveURL(PATHS.home);
  await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
});

for (const { label, path } of [
  { label: 'Sign In', path: PATHS.signIn },
  { label: 'Sign Up', path: PATHS.signUp },
] as const) {
  test(`${label} in the header opens ${path}`, async ({ page, site }) => {
    await page.goto(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();

    await site.header.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(site.heading(PAGE_HEADINGS[path])).toBeVisible();
  });
}
