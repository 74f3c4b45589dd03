/**
 * What a Node host hands the engine (`document-engine/node`): zlib's native raw inflate for the
 * media of DOCX/PPTX packages. Never imported by the browser's Worker.
 */
export { nodeInflateRaw } from './nodeInflate.ts';
