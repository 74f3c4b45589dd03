import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  AuditExportFormatSchema,
  AuditReportSchema,
  JOB_PATHS,
  JobIdSchema,
  MESSAGES,
} from 'shared-contracts';
import { z } from 'zod';
import type { AuditService } from '../../../audit/auditService.ts';
import { auditTitle, exportAudit } from '../../../audit/exportAudit.ts';
import { binaryResponse, contentDisposition, type MadeType, relayHeaders, sendStream } from '../../../http/index.ts';
import type { ScanJobs } from '../../../jobs/index.ts';

export type AuditRouteDeps = { jobs: Pick<ScanJobs, 'audit'>; audits: AuditService };

const ID_PATH = JOB_PATHS.websiteJobAudit(':id').replace('%3A', ':');
const IdParams = z.object({ id: JobIdSchema });
const ExportParams = z.object({ id: JobIdSchema, format: AuditExportFormatSchema });
const FileParams = z.object({ id: JobIdSchema, file: z.string().regex(/^[A-Za-z0-9_-]{1,64}(\.[a-z0-9]{1,5})?$/) });

const notFound = { success: false as const, error: MESSAGES.website.notFound };
const notAudited = { success: false as const, error: MESSAGES.audit.notRequested };
const fileGone = { success: false as const, error: MESSAGES.audit.fileGone };

/**
 * The image audit of a website job created with `audit: true`: its report (asking the image
 * pass for the images it has not seen), the report as CSV, XLSX or printable HTML, and the files
 * the pass made. A report is built on asking from what the job holds; nothing is kept of it.
 */
export function auditRoutes({ jobs, audits }: AuditRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ID_PATH,
      {
        schema: {
          summary:
            "The image audit of a website job: findings, summary, re-encoding progress (ask again while 'running')",
          params: IdParams,
          response: { 200: AuditReportSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const answer = await audits.report(request.params.id);
        if (answer.kind === 'not-found') return reply.code(404).send(notFound);
        if (answer.kind === 'not-audited') return reply.code(409).send(notAudited);
        return reply.header('cache-control', 'no-store').send(answer.report);
      },
    );

    app.get(
      `${ID_PATH}.:format`,
      {
        schema: {
          summary: 'The image audit as a file: CSV, an XLSX workbook (one sheet per issue) or a printable HTML report',
          params: ExportParams,
          response: {
            200: binaryResponse('The export', [
              'text/csv',
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'text/html',
            ]),
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { id, format } = request.params;
        const answer = await audits.report(id);
        if (answer.kind === 'not-found') return reply.code(404).send(notFound);
        if (answer.kind === 'not-audited') return reply.code(409).send(notAudited);
        const data = await jobs.audit(id);
        const file = await exportAudit(answer.report, format, auditTitle(data?.input.url ?? data?.input.urls?.[0]));
        relayHeaders(reply, {
          bytes: { made: file.contentType },
          disposition: contentDisposition('attachment', file.name),
        }).header('cache-control', 'no-store');
        return sendStream(reply, Readable.from([Buffer.from(file.bytes)]));
      },
    );

    app.get(
      `${ID_PATH}/files/:file`,
      {
        schema: {
          summary: 'One file the image audit made: a WebP or AVIF copy, or the MP4 or WebM of an animated GIF',
          params: FileParams,
          response: {
            200: binaryResponse('The file', ['image/webp', 'image/avif', 'video/mp4', 'video/webm']),
            404: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = audits.pass.file(request.params.id, request.params.file);
        if (!file) return reply.code(404).send(fileGone);
        relayHeaders(reply, {
          bytes: { made: file.mimeType as MadeType },
          disposition: contentDisposition('attachment', file.name),
        }).header('cache-control', 'private, max-age=300');
        return sendStream(reply, Readable.from([file.bytes]));
      },
    );
  };
}
