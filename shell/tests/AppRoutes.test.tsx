import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { PATHS, REDIRECTS } from 'shared-contracts/routes';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../src/routes/AppRoutes.tsx';

let current = '';
function LocationProbe() {
  const location = useLocation();
  current = `${location.pathname}${location.search}`;
  return null;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('AppRoutes', () => {
  it.each(Object.entries(REDIRECTS))('redirects %s to %s', async (from, to) => {
    renderAt(from);
    await waitFor(() => expect(current).toBe(to));
  });

  it('keeps the query string across a redirect', async () => {
    renderAt('/login?from=header');
    await waitFor(() => expect(current).toBe(`${PATHS.signIn}?from=header`));
  });

  it('shows the not-found page for an unknown path and logs the attempt', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no-such-page'));
    warn.mockRestore();
  });

  it('rewrites an address carrying ?notfound to /', async () => {
    renderAt('/tools?notfound=1');
    await waitFor(() => expect(current).toBe('/'));
  });

  it('renders the landing page with its three sections, each named by its heading', () => {
    renderAt('/');
    const sections = { features: 'Features', 'how-it-works': 'How It Works', tools: 'Tools' };
    for (const [id, name] of Object.entries(sections)) {
      const section = screen.getByRole('region', { name });
      expect(section.id).toBe(id);
      expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(name);
    }
  });
});
