// @vitest-environment jsdom
/**
 * The one door to localStorage: where the browser refuses it (reading the property throws), every
 * reader behaves as on a first visit and no writer throws into a page.
 */
import { ACCOUNT_STORAGE_KEYS } from 'shared-contracts/account-keys';
import { DEFAULT_NAME_TEMPLATE } from 'shared-contracts/name-template';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../src/account/session.ts';
import { rememberedNameTemplate, rememberNameTemplate } from '../src/files/namePreference.ts';
import { browserStorage } from '../src/safeStorage/index.ts';

const refuse = () =>
  vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });

describe('browserStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is the page’s localStorage when the browser allows it', () => {
    expect(browserStorage()).toBe(localStorage);
  });

  it('is undefined where reading localStorage throws, and its users carry on', () => {
    rememberNameTemplate('{source}-{index}');
    const user = { id: 'u1', name: 'Ada', email: 'ada@example.org', createdAt: '2026-01-01T00:00:00.000Z' };
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, JSON.stringify(user));
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([{ id: 'u1', password: { hash: 'h' } }]));
    expect(readSession()).toMatchObject({ id: 'u1' });
    const refused = refuse();
    expect(browserStorage()).toBeUndefined();
    expect(rememberedNameTemplate()).toBe(DEFAULT_NAME_TEMPLATE);
    expect(() => rememberNameTemplate('{name}')).not.toThrow();
    expect(readSession()).toBeNull();
    expect(refused).toHaveBeenCalled();
    refused.mockRestore();
    expect(rememberedNameTemplate()).toBe('{source}-{index}');
    expect(readSession()).toMatchObject({ id: 'u1' });
  });
});
