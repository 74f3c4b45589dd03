import { formatBytes } from 'media-files';
import { VIDEO_MAX_BYTES } from 'shared-contracts';

/** What the page states about formats and size, in one place, so hints and specs cannot disagree. */
export const BROWSER_FORMATS_TEXT = 'MP4, WebM, MOV and MKV';
export const SERVER_FORMATS_TEXT = 'AVI, FLV and MPEG-TS';
export const VIDEO_MAX_TEXT = formatBytes(VIDEO_MAX_BYTES, 'limit');
