import {
  API_PATHS,
  type ExtractedImage,
  type ExtractionEvent,
  ExtractionEventSchema,
  type ExtractRequest,
  type ExtractResponse,
  ExtractResponseSchema,
  type ExtractWebsiteRequest,
} from 'shared-contracts';
import { readNdjson } from 'shared-ui';

/**
 * The only file of this remote that talks to extract-api. Answers are validated with the same
 * schemas the server answers with; anything else becomes an error the screen can show. Both tools
 * are extractors (`(input, signal)` → the one event union), run by shared-ui's useExtraction.
 */

export class ExtractApiError extends Error {
  override readonly name = 'ExtractApiError';
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
    throw new ExtractApiError('The extraction service could not be reached. Check your connection and try again.');
  }
}

/** `POST /api/extract`: every image of one page. A failed answer comes back as `success: false`. */
export async function extractPage(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse> {
  const response = await postJson(API_PATHS.extract, request, signal);
  const parsed = ExtractResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new ExtractApiError(`The extraction service answered ${response.status} without a result.`);
  return parsed.data;
}

/**
 * The page tool as an extractor: one page, so one answer (the spec's JSON, unchanged) told as
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
  yield { type: 'done', found: result.images.length, done: result.pages ?? 1, unit: 'pages' };
}

/**
 * `POST /api/extract-website/stream`: the crawl as it happens, one event per line. Aborting the
 * signal (or leaving the loop) closes the connection, which stops the crawl on the server too.
 */
export async function* websiteExtractor(
  request: ExtractWebsiteRequest,
  signal: AbortSignal,
): AsyncGenerator<ExtractionEvent> {
  const response = await postJson(API_PATHS.extractWebsiteStream, request, signal);
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ExtractApiError(body?.error ?? body?.message ?? `The extraction service answered ${response.status}.`);
  }
  yield* readNdjson(response.body, ExtractionEventSchema);
}

/** Open and Download of one image: through the API's image proxy (real bytes, a real file name). */
export function imageLinks(image: ExtractedImage): { open: string; download: string } {
  if (image.url.startsWith('data:')) return { open: image.url, download: image.url };
  const open = `${API_PATHS.image}?${new URLSearchParams({ url: image.url })}`;
  const download = `${API_PATHS.image}?${new URLSearchParams({ url: image.url, download: image.name })}`;
  return { open, download };
}
