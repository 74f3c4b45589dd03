import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { accountStore } from 'browser-services';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';
import { withAccountReset } from './gridKit.tsx';

const image: ExtractedImage = {
  id: 'a',
  name: 'hero.jpg',
  url: 'https://example.org/hero.jpg',
  source: 'page',
  format: 'JPEG',
  width: 1600,
  height: 900,
};
const linksFor = () => ({ open: '/open', download: '/download' });
const renderGrid = () =>
  render(
    <ThemeProvider>
      <ResultsGrid title="Extracted Images" images={[image]} linksFor={linksFor} />
    </ThemeProvider>,
  );

const published = withAccountReset();

describe('Save on every result card', { timeout: 30_000 }, () => {
  it('is offered to signed-in visitors only, saves once, then shows Saved', async () => {
    renderGrid();
    expect(screen.queryByRole('button', { name: 'Save hero.jpg' })).toBeNull();

    await act(() =>
      accountStore.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: 'secret1' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save hero.jpg' }));
    const saved = await screen.findByRole('button', { name: 'hero.jpg is saved' });
    expect(saved.hasAttribute('disabled')).toBe(true);
    expect(published.map((t) => t.title)).toContain(MESSAGES.account.imageSaved.title);
    expect(accountStore.currentAccount()?.downloads).toMatchObject([
      { url: image.url, name: 'hero.jpg', source: 'page' },
    ]);

    // Deleted elsewhere (the profile, another tab): Save is offered again.
    const [item] = accountStore.currentAccount()?.downloads ?? [];
    await act(() => accountStore.deleteDownload(item?.id ?? ''));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save hero.jpg' })).toBeTruthy());

    act(() => accountStore.logOut());
    expect(screen.queryByRole('button', { name: /Save hero\.jpg|hero\.jpg is saved/ })).toBeNull();
  });
});
