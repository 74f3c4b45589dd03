import { MESSAGES } from 'shared-contracts';
import { type PageReader, readScanPage } from './readScanPage.ts';
import { failureReason } from './rules.ts';
import type { PageTask, ScanStore } from './scanStore.ts';

/**
 * The worker loop's one turn, the same in this process and in `pnpm worker`: reads the task's page
 * (readScanPage), counts it done once (failed with why, or left unread by a spent budget), and the
 * turn that counts the scan's last page writes its last event. A page that cannot be read does not
 * end the scan; every start page failing does, with the first one's reason. Aborted (Cancel, the
 * scan's time limit, shutdown): nothing is recorded, the caller ends the scan.
 */
export async function crawlPage(task: PageTask, reader: PageReader, store: ScanStore): Promise<void> {
  let failure: { url: string; reason: string } | undefined;
  try {
    if ((await readScanPage(task, reader, store)) === 'not-read') {
      failure = { url: task.url, reason: MESSAGES.budget.pageNotRead };
    }
  } catch (error) {
    if (reader.signal?.aborted) return;
    failure = { url: task.url, reason: failureReason(error) };
    if (task.depth === 0) await store.startFailed(error);
  }
  if (await store.pageDone(task.url, failure)) await store.end();
}
