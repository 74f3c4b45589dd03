import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ACCOUNT_STORAGE_KEYS, MESSAGES } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it } from 'vitest';
import SignInPage from '../src/pages/SignInPage.tsx';

// A file of its own: the store reports each kind of damage once per page.

const m = MESSAGES.account;

describe('damaged account storage', { timeout: 30_000 }, () => {
  it('sign in says so (what needs the schemas to see is reported once they have loaded), and the form is there', async () => {
    localStorage.setItem(
      ACCOUNT_STORAGE_KEYS.users,
      JSON.stringify([null, 7, 'x', { id: 'u1', name: 'Old', email: 'old@example.com', password: 'plain' }]),
    );
    localStorage.setItem(
      ACCOUNT_STORAGE_KEYS.currentUser,
      JSON.stringify({ id: 'u1', name: 'Old', email: 'old@example.com', createdAt: 'then' }),
    );
    render(
      <MemoryRouter>
        <ThemeProvider>
          <SignInPage />
        </ThemeProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText(m.storageDamaged.title)).toBeNull();
    expect(await screen.findByText(m.storageDamaged.title)).toBeTruthy();
    expect(screen.getByText(m.storageDamaged.description)).toBeTruthy();
  });
});
