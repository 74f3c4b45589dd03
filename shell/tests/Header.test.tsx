import { act, fireEvent, render, screen } from '@testing-library/react';
import { ACCOUNT_STORAGE_KEYS } from 'browser-services/account-session';
import { type PublishedToast, toasts } from 'browser-services/toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../src/layout/Header.tsx';

const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' };

function signIn() {
  // What the account store writes; the header only reads it.
  const password = { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: 'c2FsdA==', hash: 'aGFzaA==' };
  localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([{ ...ada, password, downloads: [] }]));
  localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, JSON.stringify(ada));
}

const renderHeader = (path: string = PATHS.home) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path={PATHS.home} element={<p>home page</p>} />
        <Route path={PATHS.profile} element={<p>profile page</p>} />
      </Routes>
    </MemoryRouter>,
  );

let published: PublishedToast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  localStorage.clear();
  published = [];
  unsubscribe = toasts.subscribe((toast) => published.push(toast));
});
afterEach(() => unsubscribe());

describe('the header’s account corner', () => {
  it('offers Sign In and Sign Up when signed out', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(PATHS.signIn);
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(PATHS.signUp);
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  });

  it('signed in: Edit Profile and the avatar menu with Profile and Log out', () => {
    signIn();
    renderHeader(PATHS.profile);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    const avatar = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(avatar.textContent).toBe('A');
    fireEvent.click(avatar);
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe(PATHS.profile);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(screen.getByText('home page')).toBeTruthy();
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.currentUser)).toBeNull();
    expect(published.map((toast) => [toast.title, toast.description])).toEqual([
      [MESSAGES.account.loggedOut.title, MESSAGES.account.loggedOut.description],
    ]);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('follows another tab: its logout signs this header out', () => {
    signIn();
    renderHeader();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    act(() => {
      localStorage.removeItem(ACCOUNT_STORAGE_KEYS.currentUser);
      window.dispatchEvent(new StorageEvent('storage', { key: ACCOUNT_STORAGE_KEYS.currentUser }));
    });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('reads damaged account data as signed out', () => {
    for (const raw of ['{not json', '[1,2]', '{"id":"u1","name":"Ada"}', JSON.stringify({ ...ada, id: 'ghost' })]) {
      signIn();
      localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, raw);
      const { unmount } = renderHeader();
      expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
      unmount();
    }
    // An account of some older app, with its password in plain text, is no account of ours.
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([{ ...ada, password: 'plain', downloads: [] }]));
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, JSON.stringify(ada));
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
