import { MESSAGES } from 'shared-contracts/messages';
import { Alert } from 'shared-ui/design-system';

/** The warning itself: loaded by `StorageIssueAlert` only when there is damage to tell about. */
export default function StorageIssueNotice() {
  const { title, description } = MESSAGES.account.storageDamaged;
  return <Alert type="warning" title={title} description={description} style={{ marginBottom: 16 }} />;
}
