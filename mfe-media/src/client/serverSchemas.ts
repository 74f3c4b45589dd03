// The schemas the server's answers are checked with, in a module of their own: serverFrames.ts
// imports it when a request starts (zod and the schemas load beside the request, not with the page).
export { ApiErrorSchema, ExtractionEventSchema } from 'shared-contracts';
