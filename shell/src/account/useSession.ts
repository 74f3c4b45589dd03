import { useSyncExternalStore } from 'react';
import { readSession, type SessionUser, subscribeAccount } from 'shared-contracts/account-session';

/** Who is signed in, for the header: the zod-free reader, so `/` stays within its budget. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(
    subscribeAccount,
    () => readSession(),
    () => null,
  );
}
