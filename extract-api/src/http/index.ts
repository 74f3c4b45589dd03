/**
 * What every route shares, in both route trees (`/api/…` for the site, `/v1/…` for the public
 * API): noticing that the client left, streaming NDJSON, and passing on bytes safely. Nothing
 * here knows a route; the error → status mapping is src/errors.ts's.
 */
export { clientGoneSignal } from './clientGone.ts';
export { NDJSON_CONTENT_TYPE, type NdjsonOptions, ndjsonLine, ndjsonLines, sendNdjson } from './ndjson.ts';
export {
  binaryResponse,
  contentDisposition,
  IMAGE_CONTENT_SECURITY_POLICY,
  type MadeType,
  type PeekedBody,
  peekFormatBytes,
  RELAY_CONTENT_SECURITY_POLICY,
  type RelayedBytes,
  relayHeaders,
  sendStream,
} from './relay.ts';
