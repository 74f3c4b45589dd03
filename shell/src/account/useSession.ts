import { readSession, type SessionUser, subscribeAccount } from 'browser-services/account-session';
import { useSyncExternalStore } from 'react';

/** Who is signed in, for the header: the zod-free reader, so `/` stays within its budget. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(
    subscribeAccount,
    () => readSession(),
    () => null,
  );
}
