import { HEADER_BLUR_THRESHOLD_PX, LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS, TOOL_CARDS } from '../fixtures/pages.ts';
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

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Menu button, reached with Tab, opens the sections and the tools; Escape closes it', async ({
    page,
    site,
  }) => {
    await page.goto(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();
    await expect(site.header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = site.header.getByRole('button', { name: 'Menu' });
    const menu = site.header.getByRole('navigation', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    // The skip link and the logo come first: the button is among the page's first three stops.
    for (
      let stop = 0;
      stop < 3 && !(await menuButton.evaluate((button) => button === document.activeElement));
      stop++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const { label } of SECTION_LINKS) {
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeFocused();
    }
    for (const { title } of TOOL_CARDS) {
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: title, exact: true })).toBeFocused();
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // Space opens it too; Tools goes home to its section and closes the menu.
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    for (let stop = 0; stop < SECTION_LINKS.length; stop++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Tools', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${PATHS.home}#${LANDING_SECTIONS.tools}`);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('a tool in the menu opens its page, and a click outside closes the menu', async ({ page, site }) => {
    await page.goto(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
    const menuButton = site.header.getByRole('button', { name: 'Menu' });
    const menu = site.header.getByRole('navigation', { name: 'Menu' });

    await menuButton.click();
    await expect(menu.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    // The header's blank space between the logo and the button: outside the menu, and no link.
    await page.mouse.click(200, 32);
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole('link', { name: 'PDF', exact: true }).click();
    await expect(page).toHaveURL(PATHS.pdfExtractor);
    await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
