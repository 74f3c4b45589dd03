import { accountStore } from 'browser-services';
import { lazy, Suspense, useEffect, useState } from 'react';

// The notice and the message catalogue load only when there is something to say: a browser whose
// account storage is sound never downloads the catalogue.
const StorageIssueNotice = lazy(() => import('./StorageIssueNotice.tsx'));

/**
 * Says so when the store had to ignore damaged data under its keys (the store reports it once).
 * Damage that only its schemas can see is reported when they have loaded, after the first render:
 * the listener hears it, and what was reported before the listener was there is read again.
 */
export function StorageIssueAlert() {
  const [damaged, setDamaged] = useState(() => accountStore.storageIssues().length > 0);
  useEffect(() => {
    const unsubscribe = accountStore.onStorageIssue(() => setDamaged(true));
    if (accountStore.storageIssues().length > 0) setDamaged(true);
    return unsubscribe;
  }, []);
  if (!damaged) return null;
  return (
    <Suspense fallback={null}>
      <StorageIssueNotice />
    </Suspense>
  );
}
