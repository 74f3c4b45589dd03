import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it } from 'vitest';
import AnyFileExtractorPage from '../src/pages/AnyFileExtractorPage.tsx';
import DocxExtractorPage from '../src/pages/DocxExtractorPage.tsx';
import PdfExtractorPage from '../src/pages/PdfExtractorPage.tsx';
import PptExtractorPage from '../src/pages/PptExtractorPage.tsx';

const renderPage = (page: ReactNode) => render(<ThemeProvider>{page}</ThemeProvider>);
// Role queries walk the whole tree each time, so each test asks once and compares the lists.
const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('exposed pages', { timeout: 30_000 }, () => {
  it('the PDF extractor has its heading, sections and FAQ tabs, with the 100 MB limit', () => {
    const { container } = renderPage(<PdfExtractorPage />);
    expect(headings(1)).toEqual(['Extract Images from PDF']);
    expect(headings(2)).toEqual(['How It Works', 'Features', 'Use Cases', 'Frequently Asked Questions']);
    expect(tabNames()).toEqual(['How It Works', 'Supported Formats', 'Pro Tips']);
    expect(container.textContent).toContain('up to 100 MB');
  });

  it('the Word extractor has its heading and an accordion of exactly 5 FAQ items', () => {
    renderPage(<DocxExtractorPage />);
    expect(headings(1)).toEqual(['Extract Images from Word']);
    // The ARIA accordion: each question a button that says whether its answer is open.
    const headers = screen.getAllByRole('button', { expanded: false });
    expect(headers).toHaveLength(5);
    expect(headers.map((h) => h.textContent)).toContain('How large can the file be?');
  });

  it('the PowerPoint extractor has its heading, format badges and use-case tabs', () => {
    const { container } = renderPage(<PptExtractorPage />);
    expect(headings(1)).toEqual(['Extract Images from PowerPoint']);
    for (const badge of ['PPTX', 'PPT', 'ODP', 'PNG', 'JPEG', 'GIF']) {
      expect(screen.getByText(badge, { selector: '.ds-tag' })).toBeTruthy();
    }
    expect(tabNames()).toEqual(['Design', 'Education', 'Business', 'Personal']);
    expect(container.textContent).toContain('Files up to 50 MB');
  });

  it('the Any file extractor has its heading, a picker of several files of any type, and every kind named', () => {
    const { container } = renderPage(<AnyFileExtractorPage />);
    expect(headings(1)).toEqual(['Extract Images from Any File']);
    expect(headings(2)).toEqual(['Supported Files']);
    const input = screen.getByTestId('upload-input');
    expect(input.hasAttribute('multiple')).toBe(true);
    expect(input.getAttribute('accept') ?? '').toBe('');
    for (const badge of ['PDF', 'DOCX', 'ODT', 'RTF', 'ODP', 'XLSX', 'XLS', 'EPUB', 'EML', 'MSG', 'MHTML', 'CBZ']) {
      expect(screen.getByText(badge, { selector: '.ds-tag' })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Extract Images' })).toBeTruthy();
    expect(container.textContent).toContain('up to 100 MB each');
  });
});
