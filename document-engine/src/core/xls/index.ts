export { extractXls } from './extractXls.ts';
