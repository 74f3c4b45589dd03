import { isRenderError } from '../../../extractors/render/index.ts';
import { ExtractionError } from '../../../extractors/web/index.ts';
import { fetchFailure } from '../downloads.ts';

/** HTTP status and the user-facing reason of a failed extraction (the fetch mapping is downloads.ts's). */
export function describeFailure(error: unknown): { status: number; message: string } {
  const failedFetch = fetchFailure(error);
  if (failedFetch && error instanceof Error) return { status: failedFetch.status, message: error.message };
  if (error instanceof ExtractionError) return { status: 422, message: error.message };
  if (isRenderError(error)) {
    return { status: error.name === 'RenderUnavailableError' ? 503 : 502, message: error.message };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
