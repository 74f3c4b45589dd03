import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { InfoSection } from '../src/InfoSections/InfoSection.tsx';

describe('InfoSection', () => {
  it('renders its title as a heading and one card per item', () => {
    render(
      <ThemeProvider>
        <InfoSection
          id="features"
          title="Key Features"
          items={[
            { title: 'Full quality', text: 'Original bytes, never re-encoded.' },
            { title: 'ZIP download', text: 'Every image in one archive.' },
          ]}
        />
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Key Features' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Full quality',
      'ZIP download',
    ]);
  });
});
