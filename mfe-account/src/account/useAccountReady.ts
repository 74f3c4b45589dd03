import { accountStore } from 'browser-services';
import { useEffect, useState } from 'react';

/**
 * True once the account store's answers are final. With an account stored, the store checks it
 * with schemas it loads on first need, and answers "no account" until they arrive: a screen that
 * acts on "no account" (goes to sign in, closes) waits for this.
 */
export function useAccountReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    accountStore.ready().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
