import type { MESSAGES } from 'shared-contracts/messages';

export type AccountMessages = (typeof MESSAGES)['account'];

/**
 * The account's toasts (shared-contracts' catalogue, ~4 KB gzip), loaded when a form is submitted,
 * alongside the store's work, instead of with the page. Undefined if it cannot be loaded: the
 * form still finishes (and navigates) without its toast.
 */
export function loadAccountMessages(): Promise<AccountMessages | undefined> {
  return import('shared-contracts/messages').then(
    ({ MESSAGES }) => MESSAGES.account,
    () => undefined,
  );
}
