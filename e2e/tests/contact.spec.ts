import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { CONTACT_INBOX_FILE } from '../fixtures/paths.ts';
import { expect, test } from '../fixtures/test.ts';

const SENT = 'Message sent! We will get back to you soon.';

type Message = { name: string; email: string; subject: string; message: string };

const aMessage = (): Message => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: `Question ${Date.now()}`,
  message: 'Can the PDF tool read scanned pages?',
});

const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

async function fillForm(page: Page, message: Message) {
  await field(page, 'Full Name').fill(message.name);
  await field(page, 'Email Address').fill(message.email);
  await field(page, 'Subject').fill(message.subject);
  await field(page, 'Message').fill(message.message);
}

async function lastInboxMessage(): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(CONTACT_INBOX_FILE, 'utf8').catch(() => '');
  const lines = text.trim().split('\n').filter(Boolean);
  const last = lines.at(-1);
  return last ? (JSON.parse(last) as Record<string, unknown>) : undefined;
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(PATHS.contactUs);
  await expect(site.heading(PAGE_HEADINGS[PATHS.contactUs])).toBeVisible();
});

test('sending an empty form asks for each of the four fields', async ({ site }) => {
  await site.main.getByRole('button', { name: 'Send Message' }).click();
  for (const text of [
    MESSAGES.contact.nameRequired,
    MESSAGES.contact.emailRequired,
    MESSAGES.contact.subjectRequired,
    MESSAGES.contact.messageRequired,
  ]) {
    await expect(site.main.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(site.main.getByText(SENT)).toHaveCount(0);
});

test('a malformed email address is refused', async ({ page, site }) => {
  await fillForm(page, { ...aMessage(), email: 'ada@' });
  await site.main.getByRole('button', { name: 'Send Message' }).click();
  await expect(site.main.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  await expect(site.main.getByText(SENT)).toHaveCount(0);
});

test('a complete message is confirmed and lands in the inbox', async ({ page, site }) => {
  const message = aMessage();
  await fillForm(page, message);
  await site.main.getByRole('button', { name: 'Send Message' }).click();

  await expect(site.main.getByRole('alert').filter({ hasText: SENT })).toBeVisible();
  await expect(field(page, 'Subject')).toHaveValue('');

  const stored = await lastInboxMessage();
  expect(stored).toMatchObject(message);
  expect(stored).toHaveProperty('id');
  expect(stored).toHaveProperty('receivedAt');
});

test('a server error shows that the message was not sent, and the form still works', async ({ page, site }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      json: { success: false, error: 'Something went wrong on our side. Please try again.' },
    }),
  );
  const message = aMessage();
  await fillForm(page, message);
  await site.main.getByRole('button', { name: 'Send Message' }).click();

  await expect(site.main.getByRole('alert').filter({ hasText: MESSAGES.contact.failed.title })).toBeVisible();
  await expect(site.main.getByText(SENT)).toHaveCount(0);
  // What was typed is kept, and sending again once the server answers goes through.
  await expect(field(page, 'Subject')).toHaveValue(message.subject);

  await page.unroute('**/api/contact');
  await site.main.getByRole('button', { name: 'Send Message' }).click();
  await expect(site.main.getByRole('alert').filter({ hasText: SENT })).toBeVisible();
  await expect(site.main.getByRole('alert').filter({ hasText: MESSAGES.contact.failed.title })).toHaveCount(0);
  expect(await lastInboxMessage()).toMatchObject(message);
});
