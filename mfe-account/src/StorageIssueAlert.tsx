import { accountStore } from 'browser-services';
import { useEffect, useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { Alert } from 'shared-ui/design-system/alert';

/** Says so when the store had to ignore damaged data under its keys (the store reports it once). */
export function StorageIssueAlert() {
  const [damaged, setDamaged] = useState(() => accountStore.storageIssues().length > 0);
  useEffect(() => accountStore.onStorageIssue(() => setDamaged(true)), []);
  if (!damaged) return null;
  const { title, description } = MESSAGES.account.storageDamaged;
  return <Alert type="warning" showIcon title={title} description={description} style={{ marginBottom: 16 }} />;
}
