import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { accountStore } from 'browser-services';
import { DEFAULT_DOWNLOAD_CHOICES, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { SaveSelected, SaveToFolder } from '../src/ResultsGrid/SelectionActions.tsx';
import { withAccountReset } from './gridKit.tsx';

const image = (name: string): ExtractedImage => ({
  id: name,
  name,
  url: `https://example.org/${name}`,
  source: 'page',
  format: 'PNG',
});
const images = ['a.png', 'b.png', 'c.png'].map(image);

const published = withAccountReset();

describe('Save selected', { timeout: 30_000 }, () => {
  it('is offered to signed-in visitors only, saves each selected image once, and says how many were saved already', async () => {
    render(
      <ThemeProvider>
        <SaveSelected selected={images} />
        <SaveToFolder selected={images} choices={DEFAULT_DOWNLOAD_CHOICES} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('button', { name: MESSAGES.grid.saveSelected })).toBeNull();
    // jsdom has no showDirectoryPicker: Save to folder is not shown.
    expect(screen.queryByRole('button', { name: /Save to folder/ })).toBeNull();

    await act(() =>
      accountStore.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: 'secret1' }),
    );
    // One of them saved already, by a card's Save.
    await act(() => accountStore.saveImage(images[1] as ExtractedImage));
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.grid.saveSelected }));
    const expected = MESSAGES.grid.savedSelected(2, 1);
    await waitFor(() => expect(published.map((t) => t.description)).toContain(expected.description));
    expect(expected.description).toBe('2 images saved to My Downloads; 1 was already saved.');
    expect(
      accountStore
        .currentAccount()
        ?.downloads.map((item) => item.name)
        .sort(),
    ).toEqual(['a.png', 'b.png', 'c.png']);
  });
});
