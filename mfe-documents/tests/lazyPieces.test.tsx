import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MESSAGES } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it, vi } from 'vitest';
import ExtractionOutcome from '../src/extractor/ExtractionOutcome.tsx';
import { PasswordPrompt } from '../src/extractor/PasswordPrompt.tsx';
import { DOCX_PAGE, PDF_PAGE } from '../src/extractor/pageConfigs.ts';
import SkippedImages from '../src/extractor/SkippedImages.tsx';

// The pieces DocumentExtractor loads only when they are needed: each still renders on its own.
const renderIn = (node: ReactNode) => render(<ThemeProvider>{node}</ThemeProvider>);

describe('pieces loaded after the visitor acts', { timeout: 30_000 }, () => {
  it('the outcome says why the extraction failed', () => {
    renderIn(<ExtractionOutcome config={PDF_PAGE} outcome="failed" failureDetail="The file is damaged." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(PDF_PAGE.messages.failed.description);
    expect(alert.textContent).toContain('The file is damaged.');
  });

  it('the outcome says that the file held no images', () => {
    const { container } = renderIn(
      <ExtractionOutcome config={DOCX_PAGE} outcome="no-images" failureDetail={undefined} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).toContain(MESSAGES.documents.noImages(DOCX_PAGE.noun).description);
  });

  it('the password prompt is a dialog named by its title, with a password field', () => {
    renderIn(<PasswordPrompt open fileName="secret.pdf" wrong onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.documents.passwordTitle });
    expect(dialog.textContent).toContain('secret.pdf');
    expect(dialog.textContent).toContain(MESSAGES.documents.wrongPassword);
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
  });

  it('skipped images say where and why; in a batch, in which file too', () => {
    const { container } = renderIn(
      <SkippedImages
        skipped={[
          { pageNumbers: [3], width: 40, height: 30, reason: 'Its data is not a JPEG.' },
          { origin: 'book.epub', reason: 'This picture is stored encrypted.' },
        ]}
      />,
    );
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      MESSAGES.documents.skippedItem('Page 3', '40×30', 'Its data is not a JPEG.'),
      MESSAGES.documents.skippedItem('book.epub', undefined, 'This picture is stored encrypted.'),
    ]);
  });
});
