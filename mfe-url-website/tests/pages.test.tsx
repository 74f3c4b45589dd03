import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type PublishedToast, toasts } from 'browser-services/toast';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import UrlExtractorPage from '../src/pages/UrlExtractorPage.tsx';
import WebsiteExtractorPage from '../src/pages/WebsiteExtractorPage.tsx';

/** The toasts raised while `act` runs. */
function toastsDuring(act: () => void): PublishedToast[] {
  const raised: PublishedToast[] = [];
  const unsubscribe = toasts.subscribe((toast) => raised.push(toast));
  try {
    act();
  } finally {
    unsubscribe();
  }
  return raised;
}

describe('exposed pages', () => {
  afterEach(cleanup);

  it('the URL extractor has its heading, how-it-works and key features', () => {
    render(<UrlExtractorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Extract Images from URL' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How It Works' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Key Features' })).toBeTruthy();
    expect(screen.getByText(/PNG, JPG, WEBP and GIF/)).toBeTruthy();
  });

  it('the URL extractor labels its field and asks for an address when submitted empty', () => {
    render(<UrlExtractorPage />);
    const field = screen.getByLabelText('Web page URL') as HTMLInputElement;
    expect(field.id).toBe('page-url');
    expect(field.type).toBe('url');
    expect(field.required).toBe(true);
    expect(field.closest('form')?.noValidate).toBe(true);
    const raised = toastsDuring(() => fireEvent.click(screen.getByRole('button', { name: 'Extract Images' })));
    expect(raised).toMatchObject([{ kind: 'error', title: MESSAGES.url.required.title }]);
  });

  it('the website extractor has its heading', () => {
    render(
      <MemoryRouter>
        <WebsiteExtractorPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Extract Images from Website' })).toBeTruthy();
  });

  it('the website extractor labels its fields and asks for an address when submitted empty', () => {
    render(
      <MemoryRouter>
        <WebsiteExtractorPage />
      </MemoryRouter>,
    );
    const address = screen.getByLabelText('Website URL') as HTMLInputElement;
    expect(address.id).toBe('website-url');
    expect(address.tagName).toBe('INPUT');
    expect(address.type).toBe('url');
    expect(address.required).toBe(true);
    const depth = screen.getByRole('spinbutton', { name: 'Scan Depth (pages)' });
    expect(depth.getAttribute('min')).toBe('1');
    expect(depth.getAttribute('max')).toBe('10');
    expect(
      screen.getByText(/1 reads the start page and the pages it links to.*A scan reads at most 10,000 pages\./),
    ).toBeTruthy();
    const form = depth.closest('form');
    expect(form?.noValidate).toBe(true);
    const raised = toastsDuring(() => fireEvent.submit(form as HTMLFormElement));
    expect(raised).toMatchObject([{ kind: 'error', title: MESSAGES.website.required.title }]);
  });
});
