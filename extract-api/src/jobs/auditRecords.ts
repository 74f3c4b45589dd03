import type { ImageFetchFacts, ImageUse } from 'shared-contracts';
import type { AuditRecord } from '../extractors/web/index.ts';

/** Element uses an auditing job keeps when its settings say nothing (EXTRACT_API_AUDIT_MAX_USES). */
export const DEFAULT_AUDIT_MAX_USES = 200_000;

/** What an auditing job has read so far: every page's image elements, its images' fetches. */
export type AuditData = { uses: ImageUse[]; fetches: ImageFetchFacts[]; droppedUses: number };

/**
 * An auditing job's records, held with the job (embedded) and bounded: past `maxUses` element
 * uses the rest are counted, not kept (the report says how many), so a 10,000-page scan of
 * image-heavy pages cannot grow without end. The bytes are what the finished-jobs bound counts.
 */
export class AuditRecords implements AuditData {
  readonly uses: ImageUse[] = [];
  readonly fetches: ImageFetchFacts[] = [];
  droppedUses = 0;
  bytes = 0;

  constructor(private readonly maxUses: number) {}

  add(record: AuditRecord): void {
    for (const use of record.uses ?? []) {
      if (this.uses.length >= this.maxUses) {
        this.droppedUses += 1;
        continue;
      }
      this.uses.push(use);
      this.bytes += use.html.length + use.selector.length + use.imageUrl.length + use.pageUrl.length + 100;
    }
    for (const facts of record.fetches ?? []) {
      this.fetches.push(facts);
      this.bytes += facts.url.length + (facts.error?.length ?? 0) + 100;
    }
  }
}

/** Records of one auditing job that travel as one JSON line (Redis keeps them as a list). */
export function parseAuditLines(lines: readonly string[], maxUses: number): AuditData {
  const records = new AuditRecords(maxUses);
  for (const line of lines) records.add(JSON.parse(line) as AuditRecord);
  return records;
}
