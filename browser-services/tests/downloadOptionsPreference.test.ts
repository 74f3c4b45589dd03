// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DOWNLOAD_OPTIONS_OPEN_KEY,
  rememberDownloadOptionsOpen,
  rememberedDownloadOptionsOpen,
} from '../src/files/downloadOptionsPreference.ts';

describe('"Download options" open or closed, remembered on the device', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('starts closed, keeps open, and forgets closed', () => {
    expect(rememberedDownloadOptionsOpen()).toBe(false);
    rememberDownloadOptionsOpen(true);
    expect(localStorage.getItem(DOWNLOAD_OPTIONS_OPEN_KEY)).toBe('open');
    expect(rememberedDownloadOptionsOpen()).toBe(true);
    rememberDownloadOptionsOpen(false);
    expect(localStorage.getItem(DOWNLOAD_OPTIONS_OPEN_KEY)).toBeNull();
    expect(rememberedDownloadOptionsOpen()).toBe(false);
  });

  it('reads anything else as closed, and survives storage that refuses', () => {
    localStorage.setItem(DOWNLOAD_OPTIONS_OPEN_KEY, 'true');
    expect(rememberedDownloadOptionsOpen()).toBe(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberDownloadOptionsOpen(true)).not.toThrow();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(rememberedDownloadOptionsOpen()).toBe(false);
  });
});
