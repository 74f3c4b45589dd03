import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The loader (Module Federation runtime) is replaced: these tests are about what the user sees.
const loadRemotePage = vi.fn();
vi.mock('../src/federation/remoteLoader.ts', () => ({ loadRemotePage }));

const { RemoteOutlet } = await import('../src/federation/RemoteOutlet.tsx');
const { RemoteLoadError } = await import('../src/federation/errors.ts');

describe('RemoteOutlet', () => {
  beforeEach(() => {
    loadRemotePage.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a clear message with Retry when the remote is down, and recovers on Retry', async () => {
    loadRemotePage.mockRejectedValueOnce(new RemoteLoadError('mfe_media', './VideoExtractorPage', 'timeout'));
    loadRemotePage.mockResolvedValueOnce(() => <h1>Video page</h1>);
    render(
      <MemoryRouter initialEntries={['/image-extractor-video']}>
        <RemoteOutlet remote="mfe_media" module="./VideoExtractorPage" />
      </MemoryRouter>,
    );

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('The video extractor is unavailable right now');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Video page' }, { timeout: 15_000 })).toBeTruthy();
    expect(loadRemotePage).toHaveBeenCalledTimes(2);
  });

  it('shows a loading state while the remote loads', () => {
    loadRemotePage.mockReturnValue(new Promise(() => {}));
    render(
      <MemoryRouter initialEntries={['/image-extractor-pdf']}>
        <RemoteOutlet remote="mfe_documents" module="./PdfExtractorPage" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    // The page's own heading is drawn at once, before its code arrives.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Extract Images from PDF');
  });
});
