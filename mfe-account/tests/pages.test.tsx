import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { accountStore, type PublishedToast, toasts } from 'browser-services';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES, PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import EditProfileDialog from '../src/dialogs/EditProfileDialog.tsx';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import SignInPage from '../src/pages/SignInPage.tsx';
import SignUpPage from '../src/pages/SignUpPage.tsx';

const m = MESSAGES.account;

/** The account pages inside a router, with a marker for where they navigate. */
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider>
        <Routes>
          <Route path={PATHS.signIn} element={<SignInPage />} />
          <Route path={PATHS.signUp} element={<SignUpPage />} />
          <Route path={PATHS.profile} element={<ProfilePage />} />
          <Route path={PATHS.home} element={<p>home page</p>} />
        </Routes>
      </ThemeProvider>
    </MemoryRouter>,
  );
const wrap = (node: ReactNode) => render(<ThemeProvider>{node}</ThemeProvider>);

let published: PublishedToast[] = [];
let unsubscribe = () => {};
const toastTitled = (title: string) => published.find((toast) => toast.title === title);

beforeEach(() => {
  localStorage.clear();
  published = [];
  unsubscribe = toasts.subscribe((toast) => published.push(toast));
});
afterEach(() => {
  unsubscribe();
  accountStore.logOut();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const ada = { method: 'email', name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' } as const;

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('sign in and sign up', { timeout: 30_000 }, () => {
  it('sign in: heading, device sentence, Email tab first, Phone with a US-style placeholder, link to sign up', async () => {
    renderAt(PATHS.signIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText('Your data is stored only on your device.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(PATHS.signUp);
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect((await screen.findByLabelText('Phone Number')).getAttribute('placeholder')).toBe('(555) 123-4567');
  });

  it('sign in shows the catalogue messages for an empty form', async () => {
    renderAt(PATHS.signIn);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(m.invalidEmail)).toBeTruthy();
    expect(await screen.findByText(m.passwordRequired)).toBeTruthy();
  });

  it('sign up shows the catalogue messages, then creates the account and goes to the profile', async () => {
    renderAt(PATHS.signUp);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(PATHS.signIn);
    type('Full Name', 'A');
    type('Email Address', 'ada@');
    type('Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(m.nameTooShort)).toBeTruthy();
    expect(await screen.findByText(m.invalidEmail)).toBeTruthy();
    expect(await screen.findByText(m.passwordTooShort)).toBeTruthy();

    type('Full Name', ada.name);
    type('Email Address', ada.email);
    type('Password', ada.password);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(ada.name, {}, { timeout: 10_000 })).toBeTruthy();
    expect(toastTitled(m.accountCreated.title)?.description).toBe(m.accountCreated.description);
    expect(screen.getByRole('heading', { level: 1, name: 'My Downloads' })).toBeTruthy();
  });

  it('refuses a registered email and a wrong password with the catalogue toasts', async () => {
    await accountStore.register(ada);
    accountStore.logOut();
    renderAt(PATHS.signUp);
    type('Full Name', 'Someone');
    type('Email Address', 'ADA@example.com');
    type('Password', 'another1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastTitled(m.signUpFailed.title)?.description).toBe(m.signUpFailed.emailTaken));

    fireEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    type('Email Address', ada.email);
    type('Password', 'wrong-one');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toastTitled(m.signInFailed.title)?.description).toBe(m.signInFailed.email), {
      timeout: 10_000,
    });
    expect(accountStore.currentAccount()).toBeNull();
  });
});

describe('profile', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor to sign in', async () => {
    renderAt(PATHS.profile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('shows the side card and the empty state, and Logout goes home', async () => {
    await accountStore.register(ada);
    renderAt(PATHS.profile);
    expect(await screen.findByText('No images yet')).toBeTruthy();
    expect(screen.getByText('Extract images from any source and save them to your profile')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Extracting' }).getAttribute('href')).toBe(PATHS.home);
    expect(screen.getByText(ada.email)).toBeTruthy();
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My Downloads' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(toastTitled(m.loggedOut.title)).toBeTruthy();
    expect(accountStore.currentAccount()).toBeNull();
  });

  it('lists a saved image with From: and deletes it only after Delete is confirmed', async () => {
    await accountStore.register(ada);
    await accountStore.saveImage({ url: 'https://example.org/cat.jpg', name: 'cat.jpg', source: 'page' });
    renderAt(PATHS.profile);
    // The grid loads with the page's first saved image (a lazy chunk): more than findBy's 1 s on a busy machine.
    const card = await screen.findByRole('listitem', {}, { timeout: 15_000 });
    expect(within(card).getByText('cat.jpg')).toBeTruthy();
    expect(within(card).getByText('From: Web page')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open cat.jpg in a new tab' }).getAttribute('href')).toBe(
      'https://example.org/cat.jpg',
    );
    expect(within(card).queryByRole('button', { name: /Save/ })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Delete cat.jpg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(accountStore.currentAccount()?.downloads).toHaveLength(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete cat.jpg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No images yet')).toBeTruthy();
    expect(toastTitled(m.imageDeleted.title)?.description).toBe(m.imageDeleted.description);
  });
});

describe('Edit Profile dialog', { timeout: 30_000 }, () => {
  it('needs a name to save, closes on save, and changes the password only when it can', async () => {
    await accountStore.register(ada);
    let closed = 0;
    wrap(<EditProfileDialog open onClose={() => closed++} />);
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe(ada.email);
    expect(screen.queryByLabelText('Phone Number')).toBeNull();
    // Password managers fill the current password and offer a new one by these.
    expect(screen.getByLabelText('Current Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('New Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm New Password').getAttribute('autocomplete')).toBe('new-password');

    const save = screen.getByRole('button', { name: 'Save Changes' });
    type('Display Name', '   ');
    expect(save.hasAttribute('disabled')).toBe(true);

    const update = screen.getByRole('button', { name: 'Update Password' });
    expect(update.hasAttribute('disabled')).toBe(true);
    type('Current Password', ada.password);
    type('New Password', 'brand-new');
    expect(update.hasAttribute('disabled')).toBe(true);
    type('Confirm New Password', 'brand-nev');
    expect(update.hasAttribute('disabled')).toBe(false);
    fireEvent.click(update);
    expect(toastTitled(m.passwordMismatch.title)?.description).toBe(m.passwordMismatch.description);

    type('Current Password', 'not-my-password');
    type('Confirm New Password', 'brand-new');
    fireEvent.click(update);
    await waitFor(() => expect(toastTitled(m.invalidPassword.title)).toBeTruthy(), { timeout: 10_000 });

    type('Current Password', ada.password);
    fireEvent.click(update);
    await waitFor(() => expect(toastTitled(m.passwordUpdated.title)).toBeTruthy(), { timeout: 10_000 });

    type('Display Name', 'Ada King');
    act(() => fireEvent.click(save));
    await waitFor(() => expect(toastTitled(m.profileUpdated.title)).toBeTruthy());
    expect(closed).toBe(1);
    expect(accountStore.currentAccount()?.name).toBe('Ada King');
    accountStore.logOut();
    expect((await accountStore.logIn({ method: 'email', email: ada.email, password: 'brand-new' })).ok).toBe(true);
  });
});
