import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS, TOOL_CARDS } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('the tools page', () => {
  test('shows the seven tools with the words of the tool catalogue', async ({ page, site }) => {
    await page.goto(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();

    await expect(site.main.getByRole('listitem')).toHaveCount(TOOL_CARDS.length);
    for (const { title, text } of TOOL_CARDS) {
      const card = site.main.getByRole('link', { name: `${title}: ${text}`, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(card).toContainText(text);
    }
  });

  for (const { title, text, path } of TOOL_CARDS) {
    test(`the ${title} card opens ${path}`, async ({ page, site }) => {
      await page.goto(PATHS.tools);
      await site.main.getByRole('link', { name: `${title}: ${text}`, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(site.heading(PAGE_HEADINGS[path])).toBeVisible();
    });
  }

  test('shows four benefits', async ({ page }) => {
    await page.goto(PATHS.tools);
    const benefits = page.getByRole('region', { name: 'Why use these tools' });
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveText([
      'Powered by our extraction API',
      'No registration required',
      'High-quality extraction',
      'Batch download as ZIP',
    ]);
  });
});

test.describe('the FAQ page', () => {
  test('lists 8 questions; opening one shows its answer', async ({ page, site }) => {
    await page.goto(PATHS.faq);
    await expect(site.heading(PAGE_HEADINGS[PATHS.faq])).toBeVisible();

    // The ARIA accordion: each question a button that says whether its answer (a region) is open.
    const questions = site.main.getByRole('heading', { level: 2 }).getByRole('button');
    await expect(questions).toHaveCount(8);
    await expect(site.main.getByRole('region')).toHaveCount(0);

    const question = questions.filter({ hasText: 'Can I download everything at once?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(site.main.getByRole('region', { name: 'Can I download everything at once?' })).toContainText(
      'Download All puts every extracted image into a single ZIP',
    );
  });

  test('Contact Support opens the contact form', async ({ page, site }) => {
    await page.goto(PATHS.faq);
    await site.main.getByRole('button', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(PATHS.contactUs);
    await expect(site.heading(PAGE_HEADINGS[PATHS.contactUs])).toBeVisible();
  });

  test('Try Our Tools scrolls back to the top', async ({ page, site }) => {
    // A short window, so the FAQ is taller than it.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(PATHS.faq);
    await expect(site.heading(PAGE_HEADINGS[PATHS.faq])).toBeVisible();

    const tryOurTools = site.main.getByRole('button', { name: 'Try Our Tools' });
    await tryOurTools.scrollIntoViewIfNeeded();
    await expect.poll(() => site.scrollY()).toBeGreaterThan(0);

    await tryOurTools.click();
    await expect.poll(() => site.scrollY()).toBe(0);
    await expect(site.heading(PAGE_HEADINGS[PATHS.faq])).toBeInViewport();
  });
});
