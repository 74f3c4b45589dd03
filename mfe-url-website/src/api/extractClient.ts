import {
  API_PATHS,
  type ExtractedImage,
  type ExtractRequest,
  type ExtractResponse,
  ExtractResponseSchema,
  type ExtractWebsiteRequest,
  type ScanEvent,
  ScanEventSchema,
} from 'shared-contracts';

/**
 * The only file of this remote that talks to extract-api. Answers are validated with the same
 * schemas the server answers with; anything else becomes an error the screen can show.
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
 * `POST /api/extract-website/stream`: the crawl as it happens, one event per line. Aborting the
 * signal closes the connection, which stops the crawl on the server too.
 */
export async function scanWebsite(
  request: ExtractWebsiteRequest,
  onEvent: (event: ScanEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await postJson(API_PATHS.extractWebsiteStream, request, signal);
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ExtractApiError(body?.error ?? body?.message ?? `The extraction service answered ${response.status}.`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = ScanEventSchema.safeParse(JSON.parse(line));
      if (event.success) onEvent(event.data);
    }
    if (done) return;
  }
}

/** Open and Download of one image: through the API's image proxy (real bytes, a real file name). */
export function imageLinks(image: ExtractedImage): { open: string; download: string } {
  if (image.url.startsWith('data:')) return { open: image.url, download: image.url };
  const open = `${API_PATHS.image}?${new URLSearchParams({ url: image.url })}`;
  const download = `${API_PATHS.image}?${new URLSearchParams({ url: image.url, download: image.name })}`;
  return { open, download };
}

/**
 * Downloads the images as one ZIP streamed by the API. A form POST lets the browser save the
 * stream straight to disk as it arrives, instead of holding the archive in this tab.
 */
export function downloadZip(images: readonly ExtractedImage[], archiveName: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = API_PATHS.zip;
  form.style.display = 'none';
  const payload = document.createElement('input');
  payload.type = 'hidden';
  payload.name = 'payload';
  payload.value = JSON.stringify({ name: archiveName, images: images.map(({ url, name }) => ({ url, name })) });
  form.appendChild(payload);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
