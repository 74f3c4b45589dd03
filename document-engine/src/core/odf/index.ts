export { extractOdf } from './extractOdf.ts';
