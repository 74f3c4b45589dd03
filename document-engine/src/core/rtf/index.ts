export { extractRtf, MAX_RTF_DEPTH, MAX_RTF_PICTURES } from './extractRtf.ts';
export { isRtf } from './sniffRtf.ts';
