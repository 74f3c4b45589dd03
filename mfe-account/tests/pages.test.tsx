import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui';
import { describe, expect, it } from 'vitest';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import SignInPage from '../src/pages/SignInPage.tsx';
import SignUpPage from '../src/pages/SignUpPage.tsx';

// The pages render Links, which need a router; the shell provides one in the composed site.
const renderPage = (page: ReactNode) =>
  render(
    <MemoryRouter>
      <ThemeProvider>{page}</ThemeProvider>
    </MemoryRouter>,
  );

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('exposed pages', { timeout: 30_000 }, () => {
  it('sign in has its heading, the device-storage sentence and a link to sign up', () => {
    renderPage(<SignInPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText('Your data is stored only on your device.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(PATHS.signUp);
    expect(screen.getByText(/Don't have an account\?/)).toBeTruthy();
  });

  it('sign up has its heading, the device-storage sentence and a link to sign in', () => {
    renderPage(<SignUpPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByText('Your data is stored only on your device.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(PATHS.signIn);
  });

  it('the profile has its heading and says saved images stay in this browser', () => {
    renderPage(<ProfilePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Downloads' })).toBeTruthy();
    expect(screen.getByText(/kept only in this browser/)).toBeTruthy();
  });

  it('has no form fields yet: the accounts issue builds the real forms', () => {
    renderPage(<SignInPage />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
