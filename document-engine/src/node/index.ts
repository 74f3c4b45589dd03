/**
 * What a Node host hands the engine (`document-engine/node`): zlib's native raw inflate for the
 * media of DOCX/PPTX packages, and zlib for PDF streams and PNG views (`setHostZlib(nodeZlib)`).
 * Never imported by the browser's Worker.
 */
export { nodeInflateRaw } from './nodeInflate.ts';
export { nodeZlib } from './nodeZlib.ts';
