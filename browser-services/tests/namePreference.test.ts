// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_TEMPLATE_KEY, rememberedNameTemplate, rememberNameTemplate } from '../src/files/namePreference.ts';

describe('the file-name template, remembered on the device', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('starts at the default, keeps what is set, and forgets the default', () => {
    expect(rememberedNameTemplate()).toBe('{name}');
    rememberNameTemplate('{source}-{index:03}');
    expect(localStorage.getItem(NAME_TEMPLATE_KEY)).toBe('{source}-{index:03}');
    expect(rememberedNameTemplate()).toBe('{source}-{index:03}');
    rememberNameTemplate('{name}');
    expect(localStorage.getItem(NAME_TEMPLATE_KEY)).toBeNull();
  });

  it('ignores what is not a template, and storage that refuses', () => {
    localStorage.setItem(NAME_TEMPLATE_KEY, 'x'.repeat(301));
    expect(rememberedNameTemplate()).toBe('{name}');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberNameTemplate('{index}')).not.toThrow();
  });
});
