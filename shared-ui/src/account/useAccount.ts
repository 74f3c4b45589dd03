import { accountStore } from 'browser-services';
import { useSyncExternalStore } from 'react';
import type { Account } from 'shared-contracts';

/** The signed-in account, kept current across this tab and the others; null when signed out. */
export function useAccount(): Account | null {
  return useSyncExternalStore(accountStore.subscribe, accountStore.currentAccount, () => null);
}
