import { createRequire } from 'node:module';
import type * as Undici from 'undici';

/**
 * The three parts of undici that safeFetch uses, required by their paths: undici's index also
 * loads its fetch, WebSocket, cache, cookie and mock modules, three times the code, and every
 * start of the command line paid for them before its first request. The package has no `exports`
 * map, so these files are reachable as they are; their types are the ones its index gives them.
 */
const require = createRequire(import.meta.url);

export type Agent = Undici.Agent;
export const Agent: typeof Undici.Agent = require('undici/lib/dispatcher/agent.js');
export type Connector = Undici.buildConnector.connector;
export const buildConnector: typeof Undici.buildConnector = require('undici/lib/core/connect.js');

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'>;
const dispatchRequest: (
  this: Undici.Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData> = require('undici/lib/api/api-request.js');

/**
 * undici's `request(url, { dispatcher, … })`, for a URL already parsed and checked: what the
 * index's wrapper of it does, which is to split the URL into origin and path.
 */
export function request(
  dispatcher: Undici.Dispatcher,
  url: URL,
  options: RequestOptions,
): Promise<Undici.Dispatcher.ResponseData> {
  return dispatchRequest.call(dispatcher, { ...options, origin: url.origin, path: `${url.pathname}${url.search}` });
}
