export { extractXlsx } from './extractXlsx.ts';
