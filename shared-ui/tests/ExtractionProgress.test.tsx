import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ExtractionProgress } from '../src/progress/ExtractionProgress.tsx';

describe('ExtractionProgress', { timeout: 30_000 }, () => {
  it('says how far the work is and cancels it', () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <ThemeProvider>
        <ExtractionProgress done={0} total={0} unit="pages" onCancel={onCancel} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('progress-text').textContent).toBe('Starting…');
    rerender(
      <ThemeProvider>
        <ExtractionProgress done={3} total={12} unit="pages" onCancel={onCancel} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('progress-text').textContent).toBe('3 of 12 pages');
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
