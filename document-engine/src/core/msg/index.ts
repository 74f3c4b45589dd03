export { extractMsg, MAX_MSG_ATTACHMENTS, MAX_MSG_DEPTH } from './extractMsg.ts';
export { isMsg } from './sniffMsg.ts';
