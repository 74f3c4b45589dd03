import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { groupsOf, originsOf } from '../src/ResultsGrid/groupBySource.ts';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

const image = (id: string, origin: string | undefined, width: number): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `blob:http://localhost/${id}`,
  source: 'pdf',
  format: 'PNG',
  width,
  height: width,
  ...(origin ? { origin } : {}),
});

// As found: the first file's images, then the second's, then the third's.
const batch = [
  image('a1', 'report.pdf', 10),
  image('a2', 'report.pdf', 300),
  image('b1', 'slides.pptx', 200),
  image('c1', 'https://example.org/page', 50),
  image('c2', 'https://example.org/page', 400),
];

describe('groupsOf', () => {
  it('has no groups for one input, or none named', () => {
    expect(groupsOf([image('x', 'one.pdf', 1), image('y', 'one.pdf', 2)])).toBeUndefined();
    expect(groupsOf([image('x', undefined, 1)])).toBeUndefined();
  });

  it('splits a batch by input, in input order, the images of each in the order shown', () => {
    const largestFirst = [...batch].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
    const groups = groupsOf(largestFirst, batch);
    expect(groups?.map((group) => [group.origin, group.images.map((each) => each.id)])).toEqual([
      ['report.pdf', ['a2', 'a1']],
      ['slides.pptx', ['b1']],
      ['https://example.org/page', ['c2', 'c1']],
    ]);
  });

  it('follows the order the inputs were given, whichever finished first', () => {
    // Three pages read at once: the third answered before the second.
    const found = [batch[0], batch[1], batch[3], batch[4], batch[2]] as ExtractedImage[];
    const given = ['report.pdf', 'slides.pptx', 'https://example.org/page', 'never-found.pdf'];
    expect(originsOf(found)).toEqual(['report.pdf', 'https://example.org/page', 'slides.pptx']);
    expect(originsOf(found, given)).toEqual(['report.pdf', 'slides.pptx', 'https://example.org/page']);
    expect(groupsOf(found, found, given)?.map((group) => group.origin)).toEqual([
      'report.pdf',
      'slides.pptx',
      'https://example.org/page',
    ]);
    // An input the list does not name still has its group, after the named ones.
    expect(originsOf(found, ['https://example.org/page'])).toEqual([
      'https://example.org/page',
      'report.pdf',
      'slides.pptx',
    ]);
  });

  it('leaves out a source whose images are all filtered out, and puts unnamed images last', () => {
    const shown = [image('u', undefined, 5), ...batch.filter((each) => each.origin !== 'slides.pptx')];
    const all = [image('u', undefined, 5), ...batch];
    expect(originsOf(all)).toEqual(['report.pdf', 'slides.pptx', 'https://example.org/page']);
    expect(groupsOf(shown, all)?.map((group) => group.origin)).toEqual(['report.pdf', 'https://example.org/page', '']);
  });
});

describe('ResultsGrid with many inputs', () => {
  const linksFor = (each: ExtractedImage) => ({ open: each.url, download: each.url });

  it('draws a level-3 heading per source with its count, before its cards', () => {
    render(
      <ThemeProvider>
        <ResultsGrid title="Extracted Images" images={batch} linksFor={linksFor} />
      </ThemeProvider>,
    );
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      MESSAGES.grid.sourceHeading('report.pdf', 2),
      MESSAGES.grid.sourceHeading('slides.pptx', 1),
      MESSAGES.grid.sourceHeading('https://example.org/page', 2),
    ]);
    const groups = screen.getAllByTestId('source-group');
    expect(groups.map((group) => within(group).getAllByRole('listitem').length)).toEqual([2, 1, 2]);
    expect(within(groups[1] as HTMLElement).getByRole('link', { name: 'Download b1.png' })).toBeTruthy();
  });

  it('sorts within each source, the sources staying in input order', () => {
    render(
      <ThemeProvider>
        <ResultsGrid title="Extracted Images" images={batch} linksFor={linksFor} />
      </ThemeProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'largest' } });
    const groups = screen.getAllByTestId('source-group');
    const names = (group: HTMLElement) =>
      within(group)
        .getAllByRole('link', { name: /^Download / })
        .map((link) => link.getAttribute('download'));
    expect(groups.map((group) => names(group))).toEqual([['a2.png', 'a1.png'], ['b1.png'], ['c2.png', 'c1.png']]);
  });

  it('has no source headings for one input', () => {
    render(
      <ThemeProvider>
        <ResultsGrid title="Extracted Images" images={batch.slice(0, 2)} linksFor={linksFor} />
      </ThemeProvider>,
    );
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(screen.queryAllByTestId('source-group')).toHaveLength(0);
  });
});
