import { render, screen } from '@testing-library/react';
import { accountStore } from 'browser-services';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ACCOUNT_STORAGE_KEYS, MESSAGES, PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it } from 'vitest';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import SignInPage from '../src/pages/SignInPage.tsx';

// A file of its own: what it checks happens once per page, before the account store has loaded
// the schemas it checks stored accounts with (a browser coming back with an account stored).

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider>
        <Routes>
          <Route path={PATHS.signIn} element={<SignInPage />} />
          <Route path={PATHS.profile} element={<ProfilePage />} />
        </Routes>
      </ThemeProvider>
    </MemoryRouter>,
  );

const ada = {
  id: 'ada1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2024-01-01T00:00:00.000Z',
};
const password = { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: 'AAAA', hash: 'AAAA' };

describe('a stored account, before the store has loaded its schemas', { timeout: 30_000 }, () => {
  it('the profile waits for them (Loading), then shows the account: it does not send the visitor to sign in', async () => {
    localStorage.setItem(
      ACCOUNT_STORAGE_KEYS.users,
      JSON.stringify([
        { ...ada, password, downloads: [] },
        // Damage only the schemas can see: reported once they have loaded.
        { id: 'old', name: 'Old', email: 'old@example.com', password: 'plain' },
      ]),
    );
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, JSON.stringify(ada));
    // Nothing can be judged yet: no account, no issue.
    expect(accountStore.currentAccount()).toBeNull();
    expect(accountStore.storageIssues()).toEqual([]);

    renderAt(PATHS.profile);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(await screen.findByText('No images yet', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(ada.email)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign In' })).toBeNull();
    expect(await screen.findByText(MESSAGES.account.storageDamaged.title)).toBeTruthy();
    expect(screen.getByText(MESSAGES.account.storageDamaged.description)).toBeTruthy();
  });
});
