import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, engineImages } from '../fixtures/documents.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { CORPUS_DIR, GALLERY_IMG_DIR } from '../fixtures/paths.ts';
import { expect, type Site, test } from '../fixtures/test.ts';

const m = MESSAGES.account;
/** PBKDF2 at 600,000 iterations takes a moment per sign-in on a busy 2-core machine. */
const HASHING_TIMEOUT_MS = 15_000;
/** The first visit to an account page loads mfe-account and antd. */
const REMOTE_TIMEOUT_MS = 30_000;

// Whole journeys: several sign-ups, sign-ins and remote pages each, on two shared cores.
test.beforeEach(() => test.setTimeout(120_000));

type Credentials =
  | { method: 'email'; name: string; email: string; password: string }
  | { method: 'phone'; name: string; phone: string; password: string };

const ada: Credentials = { method: 'email', name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-42' };
const grace: Credentials = { method: 'phone', name: 'Grace Hopper', phone: '(555) 123-4567', password: 'cobol-1959' };

/** The visible tab's form (antd keeps a visited tab's form in the page, hidden). */
const form = (page: Page) => page.getByRole('main').getByRole('tabpanel');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

async function chooseTab(page: Page, method: Credentials['method']) {
  await page
    .getByRole('main')
    .getByRole('tab', { name: method === 'email' ? 'Email' : 'Phone' })
    .click();
}

async function signUp(page: Page, site: Site, user: Credentials) {
  await page.goto(PATHS.signUp);
  await expect(site.heading(PAGE_HEADINGS[PATHS.signUp])).toBeVisible({ timeout: REMOTE_TIMEOUT_MS });
  await chooseTab(page, user.method);
  await field(page, 'Full Name').fill(user.name);
  if (user.method === 'email') await field(page, 'Email Address').fill(user.email);
  else await field(page, 'Phone Number').fill(user.phone);
  await field(page, 'Password').fill(user.password);
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(site.toast('success', m.accountCreated.title, m.accountCreated.description)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(PATHS.profile);
  await expect(site.heading(PAGE_HEADINGS[PATHS.profile])).toBeVisible();
}

async function signIn(
  page: Page,
  site: Site,
  user: { method: 'email'; email: string } | { method: 'phone'; phone: string },
  password: string,
) {
  await page.goto(PATHS.signIn);
  await expect(site.heading(PAGE_HEADINGS[PATHS.signIn])).toBeVisible({ timeout: REMOTE_TIMEOUT_MS });
  await chooseTab(page, user.method);
  if (user.method === 'email') await field(page, 'Email Address').fill(user.email);
  else await field(page, 'Phone Number').fill(user.phone);
  await field(page, 'Password').fill(password);
  await form(page).getByRole('button', { name: 'Sign In' }).click();
}

const accountMenu = (site: Site) => site.header.getByRole('button', { name: /^Account menu for / });

async function logOutFromHeader(page: Page, site: Site) {
  await accountMenu(site).click();
  await site.header.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(site.toast('success', m.loggedOut.title, m.loggedOut.description)).toBeVisible();
  await expect(page).toHaveURL(PATHS.home);
  await expect(site.header.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

const everythingStored = (page: Page) =>
  page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));

const sideCard = (page: Page): Locator =>
  page
    .getByRole('main')
    .locator('.ds-card')
    .filter({ has: page.getByRole('button', { name: 'Logout' }) });

test('sign up by email: Account Created, the profile, the signed-in header, and no password in storage', async ({
  page,
  site,
}) => {
  await signUp(page, site, ada);
  await expect(sideCard(page)).toContainText(ada.name);
  await expect(sideCard(page)).toContainText(ada.method === 'email' ? ada.email : '');
  await expect(sideCard(page).getByText('A', { exact: true })).toBeVisible();
  await expect(site.main.getByText('No images yet')).toBeVisible();
  await expect(site.main.getByText('Extract images from any source and save them to your profile')).toBeVisible();
  await expect(site.header.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await accountMenu(site).click();
  await expect(site.header.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');

  const stored = JSON.parse(await everythingStored(page)) as Record<string, string>;
  expect(JSON.stringify(stored)).not.toContain(ada.password);
  const [user] = JSON.parse(stored.users ?? '[]') as { password: { algorithm: string; iterations: number } }[];
  expect(user?.password).toMatchObject({ algorithm: 'PBKDF2-SHA256' });
  expect(user?.password.iterations).toBeGreaterThanOrEqual(600_000);
  expect(Object.keys(JSON.parse(stored.currentUser ?? '{}'))).not.toContain('password');

  await site.main.getByRole('link', { name: 'Start Extracting' }).click();
  await expect(page).toHaveURL(PATHS.home);
});

test('sign up by phone, log out, then sign in with the number written another way', async ({ page, site }) => {
  await signUp(page, site, grace);
  await expect(sideCard(page)).toContainText(grace.method === 'phone' ? grace.phone : '');
  await logOutFromHeader(page, site);

  await page.goto(PATHS.profile);
  await expect(page).toHaveURL(PATHS.signIn);

  await signIn(page, site, { method: 'phone', phone: '555.123.4567' }, grace.password);
  await expect(site.toast('success', m.welcomeBack.title, m.welcomeBack.description)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(PATHS.profile);
  await expect(sideCard(page)).toContainText(grace.name);

  // Logout on the profile goes home too.
  await sideCard(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(PATHS.home);
  await expect(site.toast('success', m.loggedOut.title)).toBeVisible();
});

test('bad credentials and duplicate registrations get the catalogue messages', async ({ page, site }) => {
  await signUp(page, site, ada);
  await logOutFromHeader(page, site);

  await signIn(page, site, { method: 'email', email: 'ada@example.com' }, 'not-the-password');
  await expect(site.toast('error', m.signInFailed.title, m.signInFailed.email)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(PATHS.signIn);
  await signIn(page, site, { method: 'phone', phone: '(555) 000-0000' }, 'whatever');
  await expect(site.toast('error', m.signInFailed.title, m.signInFailed.phone)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });

  await page.goto(PATHS.signUp);
  await field(page, 'Full Name').fill('Another Ada');
  await field(page, 'Email Address').fill('  ADA@Example.COM ');
  await field(page, 'Password').fill('something-else');
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(site.toast('error', m.signUpFailed.title, m.signUpFailed.emailTaken)).toBeVisible();

  await signUp(page, site, grace);
  await logOutFromHeader(page, site);
  await page.goto(PATHS.signUp);
  await chooseTab(page, 'phone');
  await field(page, 'Full Name').fill('Another Grace');
  await field(page, 'Phone Number').fill('555-123-4567');
  await field(page, 'Password').fill('something-else');
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(site.toast('error', m.signUpFailed.title, m.signUpFailed.phoneTaken)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
});

test('every validation message, on both tabs of both screens, and the US-style placeholder', async ({ page, site }) => {
  await page.goto(PATHS.signIn);
  await expect(site.main.getByText('Your data is stored only on your device.')).toBeVisible();
  await expect(site.main.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  await form(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(form(page).getByText(m.invalidEmail)).toBeVisible();
  await expect(form(page).getByText(m.passwordRequired)).toBeVisible();
  await chooseTab(page, 'phone');
  await expect(field(page, 'Phone Number')).toHaveAttribute('placeholder', '(555) 123-4567');
  await field(page, 'Phone Number').fill('555 1234');
  await form(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(form(page).getByText(m.invalidPhone)).toBeVisible();
  await expect(form(page).getByText(m.passwordRequired)).toBeVisible();
  await site.main.getByRole('link', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(PATHS.signUp);
  await field(page, 'Full Name').fill('A');
  await field(page, 'Email Address').fill('ada@example');
  await field(page, 'Password').fill('12345');
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(form(page).getByText(m.nameTooShort)).toBeVisible();
  await expect(form(page).getByText(m.invalidEmail)).toBeVisible();
  await expect(form(page).getByText(m.passwordTooShort)).toBeVisible();
  await chooseTab(page, 'phone');
  await expect(field(page, 'Phone Number')).toHaveAttribute('placeholder', '(555) 123-4567');
  await form(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(form(page).getByText(m.nameTooShort)).toBeVisible();
  await expect(form(page).getByText(m.invalidPhone)).toBeVisible();
  await expect(form(page).getByText(m.passwordTooShort)).toBeVisible();
  await site.main.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(PATHS.signIn);
  expect(await everythingStored(page)).toBe('{}');
});

test('edit the profile: name, a photo resized to 256 px, and the password', async ({ page, site }) => {
  await signUp(page, site, ada);
  await site.header.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email Address')).toHaveValue(ada.method === 'email' ? ada.email : '');
  await expect(dialog.getByLabel('Phone Number')).toHaveCount(0);

  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await dialog.getByLabel('Display Name').fill('');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Display Name').fill('Ada King');
  // banner-large.png is 446 × 60: the stored photo is scaled to 256 px on its longest side.
  await dialog.getByLabel('Profile photo file').setInputFiles(path.join(GALLERY_IMG_DIR, 'banner-large.png'));
  await expect(dialog.locator('.ant-avatar img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await save.click();
  await expect(site.toast('success', m.profileUpdated.title, m.profileUpdated.description)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(site)).toHaveAccessibleName('Account menu for Ada King');
  await expect(sideCard(page)).toContainText('Ada King');
  const photoSize = await page.evaluate(async () => {
    const current = JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { profilePic?: string };
    const image = new Image();
    image.src = current.profilePic ?? '';
    await image.decode();
    return Math.max(image.naturalWidth, image.naturalHeight);
  });
  expect(photoSize).toBe(256);
  await expect(accountMenu(site).locator('img')).toBeVisible();

  await site.header.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(dialog).toBeVisible();
  const update = dialog.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await dialog.getByLabel('Current Password').fill(ada.password);
  await dialog.getByLabel('New Password', { exact: true }).fill('difference-engine');
  await expect(update).toBeDisabled();
  await dialog.getByLabel('Confirm New Password').fill('difference-engin');
  await update.click();
  await expect(site.toast('error', m.passwordMismatch.title, m.passwordMismatch.description)).toBeVisible();
  await dialog.getByLabel('Confirm New Password').fill('difference-engine');
  await dialog.getByLabel('Current Password').fill('not-my-password');
  await update.click();
  await expect(site.toast('error', m.invalidPassword.title, m.invalidPassword.description)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  await dialog.getByLabel('Current Password').fill(ada.password);
  await update.click();
  await expect(site.toast('success', m.passwordUpdated.title, m.passwordUpdated.description)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  const stored = await everythingStored(page);
  expect(stored).not.toContain('difference-engine');
  expect(stored).not.toContain(ada.password);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await logOutFromHeader(page, site);
  await signIn(page, site, { method: 'email', email: 'ada@example.com' }, ada.password);
  await expect(site.toast('error', m.signInFailed.title, m.signInFailed.email)).toBeVisible({
    timeout: HASHING_TIMEOUT_MS,
  });
  await signIn(page, site, { method: 'email', email: 'ada@example.com' }, 'difference-engine');
  await expect(page).toHaveURL(PATHS.profile, { timeout: HASHING_TIMEOUT_MS });
});

test('save images from the URL extractor, find them after a reload, delete one with confirmation', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await signUp(page, site, ada);
  await page.goto(PATHS.urlExtractor);
  await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(gallery.url('index.html'));
  await site.main.getByRole('button', { name: 'Extract Images' }).click();
  await expect(results.cards).toHaveCount(6);

  // A web image (kept as its address) and the inline SVG (a data: URL: its bytes go to IndexedDB).
  for (const name of ['photo.jpg', 'inline-svg.svg']) {
    await results.region.getByRole('button', { name: `Save ${name}` }).click();
    await expect(results.region.getByRole('button', { name: `${name} is saved` })).toBeDisabled();
  }
  await expect(site.toast('success', m.imageSaved.title, m.imageSaved.description).last()).toBeVisible();
  expect(await everythingStored(page)).not.toContain('data:image/svg');

  await page.goto(PATHS.profile);
  await page.reload();
  const saved = page.getByRole('region', { name: 'Saved Images' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  const photo = saved.getByRole('listitem').filter({ hasText: 'photo.jpg' });
  const svg = saved.getByRole('listitem').filter({ hasText: 'inline-svg.svg' });
  await expect(photo).toContainText('From: Web page');
  await expect(photo.locator('img')).toHaveAttribute('src', gallery.imageUrl('photo.jpg'));
  await expect(svg.locator('img')).toHaveAttribute('src', /^blob:/);
  // The bytes came back from IndexedDB and are a picture the browser draws.
  await expect
    .poll(() => svg.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  await expect(photo.getByRole('link', { name: 'Open photo.jpg in a new tab' })).toHaveAttribute(
    'href',
    gallery.imageUrl('photo.jpg'),
  );

  // By pointer the confirmation opens; by keyboard it is answered: a key press has no position, so
  // a popup still settling under a scrolling page cannot take it somewhere else.
  const deleteButton = svg.getByRole('button', { name: 'Delete inline-svg.svg' });
  const confirmation = page.getByRole('tooltip').filter({ hasText: 'Delete this image?' });
  await svg.hover();
  await deleteButton.click();
  await confirmation.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(confirmation).toBeHidden();
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await deleteButton.press('Enter');
  await confirmation.getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(site.toast('success', m.imageDeleted.title, m.imageDeleted.description)).toBeVisible();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  const bytesLeft = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('image-extractor');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('saved-images').objectStore('saved-images').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  expect(bytesLeft).toBe(0);

  await page.reload();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved).toContainText('photo.jpg');
});

test('a saved document image and a saved video frame keep their bytes across a reload', async ({
  page,
  site,
  results,
}) => {
  await signUp(page, site, ada);

  // A PDF image: its card's URL is a blob: the page made from the engine's bytes.
  const pdf = 'pdf/bug1755507.pdf';
  const [expected] = (await engineImages(pdf)).filter((image) => image.format === 'JPEG');
  if (!expected) throw new Error(`${pdf} has no JPEG in the engine's output`);
  await page.goto(PATHS.pdfExtractor);
  await page.getByTestId('upload-input').setInputFiles(corpusFile(pdf));
  await site.main.getByRole('button', { name: 'Extract Images from PDF' }).click();
  await expect(results.cards.first()).toBeVisible({ timeout: 60_000 });
  await results.region.getByRole('button', { name: `Save ${expected.shownName}` }).click();
  await expect(results.region.getByRole('button', { name: `${expected.shownName} is saved` })).toBeDisabled();

  // A video frame decoded in this tab.
  await page.goto(PATHS.videoExtractor);
  await site.main.getByTestId('upload-input').setInputFiles(path.join(CORPUS_DIR, 'video', 'video.mp4'));
  await site.main.getByRole('button', { name: 'Extract Frames' }).click();
  const frames = page.getByRole('region', { name: 'Extracted Frames' });
  await expect(frames.getByRole('listitem')).toHaveCount(2, { timeout: 90_000 });
  await frames.getByRole('button', { name: 'Save frame-00-00-00.png' }).click();
  await expect(frames.getByRole('button', { name: 'frame-00-00-00.png is saved' })).toBeDisabled();
  expect(await everythingStored(page)).not.toContain('data:');

  await page.goto(PATHS.profile);
  await page.reload();
  const saved = page.getByRole('region', { name: 'Saved Images' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  const image = saved.getByRole('listitem').filter({ hasText: expected.shownName }).locator('img');
  const frame = saved.getByRole('listitem').filter({ hasText: 'frame-00-00-00.png' }).locator('img');
  for (const picture of [image, frame]) {
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
  }
  // The document image came back from IndexedDB byte for byte; the frame is a 1920 x 1080 picture.
  const restored = await image.evaluate(async (element: HTMLImageElement) => [
    ...new Uint8Array(await (await fetch(element.src)).arrayBuffer()),
  ]);
  expect(Buffer.from(restored).equals(Buffer.from(expected.bytes))).toBe(true);
  expect(await frame.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([
    1920, 1080,
  ]);
});

test('a logout in one tab signs the other tabs out', async ({ page, site, context }) => {
  await signUp(page, site, ada);
  const other = await context.newPage();
  await other.goto(PATHS.home);
  await expect(other.getByRole('banner').getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await logOutFromHeader(page, site);
  await expect(other.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await other.close();
});

test.describe('damaged account storage breaks no page', () => {
  const GARBAGE: Record<string, { users: string; currentUser: string }> = {
    'not JSON': { users: '{"users": [oops', currentUser: 'nonsense{' },
    'wrong shapes': { users: '{"ada":{"password":"plain"}}', currentUser: '[1,2,3]' },
    'foreign entries': {
      users: JSON.stringify([null, 7, 'x', { id: 'u1', name: 'Old', email: 'old@example.com', password: 'plain' }]),
      currentUser: JSON.stringify({ id: 'u1', name: 'Old', email: 'old@example.com', createdAt: 'then' }),
    },
  };
  for (const [kind, garbage] of Object.entries(GARBAGE)) {
    test(`${kind}: every page renders, signed out, and signing up still works`, async ({ page, site }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(PATHS.home);
      await page.evaluate((values) => {
        localStorage.setItem('users', values.users);
        localStorage.setItem('currentUser', values.currentUser);
      }, garbage);
      for (const path of [PATHS.home, PATHS.signIn, PATHS.signUp, PATHS.urlExtractor, PATHS.tools]) {
        await page.goto(path);
        await expect(site.heading(PAGE_HEADINGS[path])).toBeVisible({ timeout: REMOTE_TIMEOUT_MS });
        await expect(site.header.getByRole('link', { name: 'Sign In' })).toBeVisible();
      }
      await page.goto(PATHS.signIn);
      await expect(site.main.getByText(m.storageDamaged.title)).toBeVisible();
      await page.goto(PATHS.profile);
      await expect(page).toHaveURL(PATHS.signIn);
      await signUp(page, site, ada);
      await expect(sideCard(page)).toContainText(ada.name);
      expect(errors).toEqual([]);
    });
  }
});
