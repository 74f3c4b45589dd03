import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepList, Tabs } from '../src/design-system/index.ts';
import { BORDER_RADIUS, BRAND_COLOR, SECONDARY_TEXT_COLOR } from '../src/design-system/theme.ts';

const here = join(import.meta.dirname, '..', 'src', 'design-system');

describe('the design system', () => {
  it('shares exactly the antd modules its rooms re-export, one room each', () => {
    const shared = JSON.parse(readFileSync(join(here, 'antdModules.json'), 'utf8')) as Record<string, string>;
    const rooms = Object.fromEntries(
      readdirSync(join(here, 'antd')).map((room) => {
        const text = readFileSync(join(here, 'antd', room), 'utf8');
        const paths = new Set([...text.matchAll(/from '(antd\/es\/[\w/-]+)'/g)].map((match) => match[1]));
        expect(paths.size, room).toBe(1);
        return [room.replace(/\.ts$/, ''), [...paths][0]];
      }),
    );
    // ThemeProvider takes ConfigProvider from its own module path, also shared.
    expect({ ...rooms, 'config-provider': 'antd/es/config-provider' }).toEqual(shared);
  });

  it("draws its own components with the theme's values", () => {
    const css = readFileSync(join(here, 'primitives', 'designSystem.css'), 'utf8');
    const variable = (name: string) => css.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();
    expect(variable('ds-color-primary')).toBe(BRAND_COLOR);
    expect(variable('ds-radius')).toBe(`${BORDER_RADIUS}px`);
    expect(variable('ds-color-text-secondary')).toBe(SECONDARY_TEXT_COLOR);
  });

  it('tabs follow the ARIA pattern: one tab stop, arrows move and select, panels keep their state', () => {
    render(
      <Tabs
        items={[
          { key: 'a', label: 'Email', children: <input aria-label="Email address" /> },
          { key: 'b', label: 'Phone', children: <input aria-label="Phone number" /> },
        ]}
      />,
    );
    const [email, phone] = screen.getAllByRole('tab');
    expect(email).toHaveProperty('tabIndex', 0);
    expect(phone).toHaveProperty('tabIndex', -1);
    expect(email?.getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@b.c' } });

    fireEvent.keyDown(email as HTMLElement, { key: 'ArrowRight' });
    expect(phone?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(phone);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(phone?.id);
    expect(screen.getByLabelText('Phone number')).toBeTruthy();

    fireEvent.keyDown(phone as HTMLElement, { key: 'ArrowRight' });
    expect(email?.getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('a@b.c');
    fireEvent.keyDown(email as HTMLElement, { key: 'End' });
    expect(phone?.getAttribute('aria-selected')).toBe('true');
  });

  it('steps are an ordered list', () => {
    render(
      <StepList
        steps={[
          { title: 'Choose', text: 'a file' },
          { title: 'Extract', text: 'its images' },
        ]}
      />,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Choosea file',
      '2Extractits images',
    ]);
  });
});
