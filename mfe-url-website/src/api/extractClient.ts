import {
  API_PATHS,
  type AuditReport,
  type ExtractedImage,
  type ExtractionEvent,
  type ExtractionEventOf,
  type ExtractRequest,
  type ExtractResponse,
  imageProxyPath,
  JOB_PATHS,
  type JobCreated,
  MESSAGES,
  type SequencedEvent,
  type WebsiteJobRequest,
} from 'shared-contracts';

/**
 * The only file of this remote that talks to extract-api. Answers are validated with the same
 * schemas the server answers with; anything else becomes an error the screen can show. Both tools
 * are extractors (`(input, signal)` → the one event union), run by shared-ui's useExtraction.
 * The schemas and the NDJSON reader (./schemas.ts) load when a request starts, alongside it: none
 * is needed before.
 */

export class ExtractApiError extends Error {
  override readonly name = 'ExtractApiError';
}

const UNREACHABLE = 'The extraction service could not be reached. Check your connection and try again.';

/**
 * Starts loading ./schemas.ts; await it once the response is in. A failed load (the
 * connection dropped) is told as the service being unreachable. If the request fails first, the
 * promise is never awaited: it is marked handled so that no unhandled rejection is reported.
 */
function loadSchemas(): Promise<typeof import('./schemas.ts')> {
  const schemas = import('./schemas.ts').catch((cause: unknown) => {
    throw new ExtractApiError(UNREACHABLE, { cause });
  });
  schemas.catch(() => undefined);
  return schemas;
}

async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExtractApiError(UNREACHABLE);
  }
}

/** `POST /api/extract`: every image of one page. A failed answer comes back as `success: false`. */
export async function extractPage(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse> {
  const schemas = loadSchemas();
  const response = await postJson(API_PATHS.extract, request, signal);
  const body: unknown = await response.json().catch(() => null);
  const { ExtractResponseSchema } = await schemas;
  const parsed = ExtractResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new ExtractApiError(`The extraction service answered ${response.status} without a result.`);
  return parsed.data;
}

/**
 * The page tool as an extractor: one page, so one answer (`POST /api/extract`'s JSON, unchanged) told as
 * events: start, the images, one page done. A failed answer is an error event with the server's words.
 */
export async function* pageExtractor(request: ExtractRequest, signal: AbortSignal): AsyncGenerator<ExtractionEvent> {
  yield { type: 'start', runsOn: 'server', url: request.url, total: 1, unit: 'pages' };
  const result = await extractPage(request, signal);
  if (!result.success) {
    yield { type: 'error', error: result.error ?? result.message ?? '' };
    return;
  }
  for (const image of result.images) yield { type: 'image', image };
  yield { type: 'progress', done: 1, total: 1, unit: 'pages' };
  yield {
    type: 'done',
    found: result.images.length,
    done: result.pages ?? 1,
    unit: 'pages',
    ...(result.message ? { notices: [result.message] } : {}),
  };
}

/** Starts a website scan as a job on the server: its id, to follow it by (and to put in the address). */
export async function startWebsiteJob(request: WebsiteJobRequest, signal?: AbortSignal): Promise<JobCreated> {
  const schemas = loadSchemas();
  const response = await postJson(JOB_PATHS.websiteJobs, request, signal);
  const body: unknown = await response.json().catch(() => null);
  const { JobCreatedSchema } = await schemas;
  const parsed = JobCreatedSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const error = (body as { error?: string } | null)?.error;
  throw new ExtractApiError(error ?? `The extraction service answered ${response.status}.`);
}

/** Stops a job on the server (what it found stays). A failure to reach it is reported, not thrown. */
export async function cancelWebsiteJob(id: string): Promise<boolean> {
  try {
    const response = await fetch(JOB_PATHS.websiteJobCancel(id), {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** What the Website tool runs: a new scan (told its job id as soon as it has one), or an existing job re-attached. */
export type WebsiteJobRun = { start: WebsiteJobRequest; onJob?: (id: string) => void } | { attach: string };

/** The events of a job after a cursor; a gone job is told in the catalogue's words. */
async function openJobEvents(id: string, after: number, signal: AbortSignal): Promise<Response> {
  const response = await fetch(`${JOB_PATHS.websiteJobEvents(id)}?after=${after}`, {
    headers: { accept: 'application/x-ndjson' },
    signal,
  });
  if (response.ok) return response;
  if (response.status === 404) throw new ExtractApiError(MESSAGES.website.notFound);
  // A server restarting or a proxy in trouble: worth asking again, as a network failure is.
  if (response.status >= 500) throw new TypeError(`The extraction service answered ${response.status}.`);
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new ExtractApiError(body?.error ?? `The extraction service answered ${response.status}.`);
}

/**
 * The Website tool as an extractor over a server job: starts the job (or takes the one named),
 * then reads its numbered events, re-attaching after a dropped connection where it stopped.
 * Aborting stops the reading only: the job goes on (Cancel is `cancelWebsiteJob`). The list of
 * failed pages rides on every progress it hands over (the server sends it when it changes).
 */
export async function* websiteJobExtractor(run: WebsiteJobRun, signal: AbortSignal): AsyncGenerator<ExtractionEvent> {
  const schemas = loadSchemas();
  let id: string;
  if ('attach' in run) {
    id = run.attach;
  } else {
    id = (await startWebsiteJob(run.start, signal)).id;
    run.onJob?.(id);
  }
  const { SequencedEventSchema, readResumableNdjson } = await schemas;
  let failures: ExtractionEventOf<'progress'>['failures'];
  for await (const numbered of readResumableNdjson({
    open: (after, openSignal) => openJobEvents(id, after, openSignal),
    schema: SequencedEventSchema,
    signal,
    isLast: (event: SequencedEvent) => event.type === 'done' || event.type === 'error',
  })) {
    const { seq: _seq, ...event } = numbered;
    if (event.type === 'progress') {
      failures = event.failures ?? failures;
      yield failures ? { ...event, failures } : event;
    } else {
      yield event as ExtractionEvent;
    }
  }
}

/**
 * `GET` a job's image audit as it stands (the scan and the re-encoding may still be running: its
 * `status` says). Every failure is an ExtractApiError with a sentence the Audit tab can show.
 */
export async function fetchAuditReport(id: string, signal?: AbortSignal): Promise<AuditReport> {
  const schemas = loadSchemas();
  let response: Response;
  try {
    response = await fetch(JOB_PATHS.websiteJobAudit(id), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExtractApiError(UNREACHABLE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error) throw new ExtractApiError(error);
    if (response.status === 404) throw new ExtractApiError(MESSAGES.website.notFound);
    throw new ExtractApiError(`The extraction service answered ${response.status}.`);
  }
  const { AuditReportSchema } = await schemas;
  const parsed = AuditReportSchema.safeParse(body);
  if (!parsed.success) throw new ExtractApiError(MESSAGES.audit.unreadable);
  return parsed.data;
}

/** Open and Download of one image: through the API's image proxy (real bytes, a real file name). */
export function imageLinks(image: ExtractedImage): { open: string; download: string } {
  if (image.url.startsWith('data:')) return { open: image.url, download: image.url };
  return { open: imageProxyPath(image), download: imageProxyPath(image, image.name) };
}
