/**
 * `pnpm extract <url> --audit [--website]`: the image audit of a page or a scan, the service's own
 * (the same records, image pass, rules and exports as `/api/website-jobs/:id/audit`), printed as a
 * summary, and with --out written as image-audit.json, .csv, .xlsx and .html beside the re-encoded
 * files (audit-files/), which the report then names by their paths. Loaded only with --audit.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createNameAllocator, formatBytes } from 'media-files';
import { AUDIT_EXPORT_FORMATS, type AuditReport, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { auditReport, planImagePass, servedImage } from '../audit/auditService.ts';
import { auditTitle, exportAudit } from '../audit/exportAudit.ts';
import { createImagePass } from '../audit/imagePass/index.ts';
import { type AppConfig, imagePassLimits } from '../config.ts';
import type { AuditRecord } from '../extractors/web/index.ts';
import { AuditRecords } from '../jobs/auditRecords.ts';
import type { WebsiteJobInput } from '../jobs/types.ts';
import type { SafeFetch } from '../services/safeFetch/index.ts';
import type { InputOutput } from './output.ts';

/** The pass of one call has one job; its id only names it inside this process. */
const CLI_JOB = 'command-line';
const POLL_MS = 250;

export type CliAudit = {
  /** Hands the scan's records to the audit (CrawlEnvironment's onAudit). */
  onAudit: (record: AuditRecord) => void;
  /** Once the scan is over: the image pass run to its end, the report printed and written. */
  finish(input: WebsiteJobInput, images: readonly ExtractedImage[], pages: number): Promise<AuditReport>;
};

export function createCliAudit(
  config: AppConfig,
  fetch: SafeFetch,
  out: InputOutput,
  outDir: string | undefined,
  signal: AbortSignal,
): CliAudit {
  const records = new AuditRecords(config.auditMaxUses);
  return {
    onAudit: (record) => records.add(record),
    async finish(input, found, pages) {
      const images = found.map(servedImage);
      const pass = createImagePass({
        ...imagePassLimits(config),
        fetch,
        tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
      });
      try {
        for (const request of planImagePass(records.uses, images)) pass.request(CLI_JOB, request);
        let told = -1;
        for (;;) {
          const progress = pass.results(CLI_JOB);
          if (progress.done !== told && progress.total > 0) {
            told = progress.done;
            out.note(MESSAGES.audit.encoding(progress.done, progress.total));
          }
          if (progress.done >= progress.total) break;
          if (signal.aborted) throw signal.reason;
          await sleep(POLL_MS);
        }
        const data = {
          ...records,
          uses: records.uses,
          fetches: records.fetches,
          input,
          status: 'done' as const,
          pages,
        };
        const report = auditReport(CLI_JOB, data, images, pass.results(CLI_JOB));
        if (outDir) await writeAudit(report, input, outDir, pass.file, out);
        printSummary(report, out);
        return report;
      } finally {
        pass.close();
      }
    },
  };
}

/** The re-encoded files under audit-files/, then the report (their paths in place of the server's addresses) in each format. */
async function writeAudit(
  report: AuditReport,
  input: WebsiteJobInput,
  outDir: string,
  file: (job: string, id: string) => { bytes: Uint8Array; name: string } | undefined,
  out: InputOutput,
) {
  const filesDir = path.join(outDir, 'audit-files');
  const allocate = createNameAllocator();
  const written = new Map<string, string>();
  for (const finding of report.findings) {
    for (const copy of finding.encoded ?? []) {
      const known = written.get(copy.url);
      if (known) {
        copy.url = known;
        continue;
      }
      const made = file(CLI_JOB, copy.url.slice(copy.url.lastIndexOf('/') + 1));
      if (!made) continue;
      await mkdir(filesDir, { recursive: true });
      const name = allocate(made.name);
      await writeFile(path.join(filesDir, name), made.bytes);
      const relative = `audit-files/${name}`;
      written.set(copy.url, relative);
      copy.url = relative;
      copy.name = name;
    }
  }
  await writeFile(path.join(outDir, 'image-audit.json'), `${JSON.stringify(report, null, 2)}\n`);
  const title = auditTitle(input.url ?? input.urls?.[0]);
  for (const format of AUDIT_EXPORT_FORMATS) {
    const made = await exportAudit(report, format, title);
    await writeFile(path.join(outDir, made.name), made.bytes);
  }
  out.note(`audit written to ${outDir} (image-audit.json, .csv, .xlsx, .html; ${written.size} re-encoded files)`);
}

function printSummary(report: AuditReport, out: InputOutput) {
  const { summary } = report;
  out.note(
    `audit: ${summary.findings} findings on ${report.pages} pages (${summary.bySeverity.high} high, ${summary.bySeverity.medium} medium, ${summary.bySeverity.low} low); ${formatBytes(summary.bytesToSave) ?? '0 B'} to save`,
  );
  for (const rule of summary.byRule) {
    const saved = rule.bytesSaved > 0 ? `, ${formatBytes(rule.bytesSaved)} to save` : '';
    out.note(
      `  ${String(rule.count).padStart(5)}  ${MESSAGES.audit.rules[rule.rule].title} (${rule.severity}${saved})`,
    );
  }
  for (const note of report.notes) out.note(note);
}
