import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ACCOUNT_STORAGE_KEYS } from 'browser-services/account-session';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from 'shared-contracts/product';
import { LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../src/layout/Header.tsx';
import { TOOLS } from '../src/pages/toolCatalog.ts';

const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' };

function signIn() {
  const password = { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: 'c2FsdA==', hash: 'aGFzaA==' };
  localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([{ ...ada, password, downloads: [] }]));
  localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, JSON.stringify(ada));
}

/** Where the router is, so a test sees a click navigate. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.hash}`}</output>;
}

const renderHeader = (path: string = PATHS.home) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <p>page text</p>
    </MemoryRouter>,
  );

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const location = () => screen.getByRole('status', { name: 'location' }).textContent;

function openMenu(): HTMLElement {
  fireEvent.click(menuButton());
  return screen.getByRole('navigation', { name: 'Menu' });
}

beforeEach(() => localStorage.clear());

describe('the phone menu', () => {
  it('is a closed disclosure button controlling a nav that is not shown', () => {
    renderHeader();
    const button = menuButton();
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.tagName).toBe('NAV');
    expect(panel?.hidden).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    // Closed, none of its links is exposed beside the desktop ones.
    expect(screen.getAllByRole('link', { name: 'Tools' })).toHaveLength(1);
  });

  it('opens on a press and lists the sections, every tool and Sign In / Sign Up, as links', () => {
    renderHeader();
    const nav = openMenu();
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(nav.id).toBe(menuButton().getAttribute('aria-controls'));

    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Features', `/#${LANDING_SECTIONS.features}`],
      ['How It Works', `/#${LANDING_SECTIONS.howItWorks}`],
      ['Tools', `/#${LANDING_SECTIONS.tools}`],
      ...TOOLS.map((tool) => [tool.title, tool.path]),
      ['Sign In', PATHS.signIn],
      ['Sign Up', PATHS.signUp],
    ]);
    expect(within(nav).getByRole('list', { name: 'Tools' })).toBeTruthy();
    expect(within(nav).queryByRole('button')).toBeNull();
  });

  it('closes on Escape and gives the focus back to the button', () => {
    renderHeader();
    const nav = openMenu();
    const features = within(nav).getByRole('link', { name: 'Features' });
    features.focus();
    fireEvent.keyDown(features, { key: 'Escape' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes when an item is clicked, and the item navigates: a tool page', () => {
    renderHeader();
    fireEvent.click(within(openMenu()).getByRole('link', { name: 'PDF' }));
    expect(location()).toBe(PATHS.pdfExtractor);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });

  it('closes when a section is clicked, and goes home to the section from another page', () => {
    renderHeader(PATHS.tools);
    fireEvent.click(within(openMenu()).getByRole('link', { name: 'How It Works' }));
    expect(location()).toBe(`${PATHS.home}#${LANDING_SECTIONS.howItWorks}`);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click outside it, and stays open on a click on its own blank space', () => {
    renderHeader();
    const nav = openMenu();
    fireEvent.pointerDown(nav);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('page text'));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the focus leaves it with Tab', () => {
    renderHeader();
    const nav = openMenu();
    within(nav).getByRole('link', { name: 'Sign Up' }).focus();
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByRole('link', { name: `${PRODUCT_NAME} home` }).focus());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('a second press closes it', () => {
    renderHeader();
    openMenu();
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('signed in: the account’s name, Profile, Edit Profile and Log out instead of Sign In', () => {
    signIn();
    renderHeader(PATHS.tools);
    const nav = openMenu();
    const account = within(nav).getByRole('list', { name: 'Account' });
    expect(account.textContent).toContain('Ada Lovelace');
    expect(account.textContent).toContain('ada@example.com');
    expect(within(account).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(PATHS.profile);
    expect(within(account).getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull();

    fireEvent.click(within(account).getByRole('button', { name: 'Log out' }));
    expect(location()).toBe(PATHS.home);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.currentUser)).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(within(openMenu()).getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
