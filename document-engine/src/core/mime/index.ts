export { extractEml, extractMhtml, MAX_MIME_PICTURES } from './extractMime.ts';
export { MAX_MIME_DEPTH, MAX_MIME_PARTS } from './message.ts';
export { sniffMimeKind } from './sniffMime.ts';
