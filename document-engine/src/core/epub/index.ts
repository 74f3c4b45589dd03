export { extractEpub } from './extractEpub.ts';
