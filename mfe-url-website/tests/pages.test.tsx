import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import UrlExtractorPage from '../src/pages/UrlExtractorPage.tsx';
import WebsiteExtractorPage from '../src/pages/WebsiteExtractorPage.tsx';

describe('exposed pages', () => {
  it('the URL extractor has its heading, how-it-works and key features', () => {
    render(<UrlExtractorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Extract Images from URL' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How It Works' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Key Features' })).toBeTruthy();
    expect(screen.getByText(/PNG, JPG, WEBP and GIF/)).toBeTruthy();
  });

  it('the website extractor has its heading', () => {
    render(<WebsiteExtractorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Extract Images from Website' })).toBeTruthy();
  });
});
