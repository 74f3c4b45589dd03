import { promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressPolicy, blockedMessage, checkAddress } from './addressPolicy.ts';
import { SafeFetchError } from './errors.ts';
import { Agent, buildConnector, type Connector } from './undici.ts';

/**
 * The guard sits where the socket is made, so what is checked is what is connected to: undici's
 * connector refuses IP-literal hosts (which skip DNS in net.connect), and the `lookup` it hands
 * net/tls validates every address DNS returns before the socket sees one. A name that answers
 * one public and one private address is refused as a whole. A later lookup (a new connection,
 * after a rebinding DNS changed its answer) is checked again.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Host name to addresses; inject a fake in tests. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in its order. */
export const systemResolve: Resolve = async (hostname) => {
  const answers = await dnsPromises.lookup(hostname, { all: true, order: 'verbatim' });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export function blockedAddressError(address: string, reason: string, host: string): SafeFetchError {
  return new SafeFetchError('blocked-address', {
    message: blockedMessage(reason),
    detail: `${host} → ${address} is refused (${reason})`,
  });
}

/** Throws 'blocked-address' unless every address is allowed. */
export function assertAllowed(host: string, addresses: readonly string[], policy: AddressPolicy): void {
  for (const address of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.allowed) throw blockedAddressError(address, verdict.reason, host);
  }
}

function wantedFamily(options: LookupOptions): 4 | 6 | undefined {
  const family = options.family;
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}

/** A net/tls `lookup` that only ever hands the socket validated addresses. */
export function guardedLookup(policy: AddressPolicy, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const pick = async (): Promise<ResolvedAddress[]> => {
      const answers = await resolve(hostname);
      for (const answer of answers) {
        if (isIP(answer.address) === 0)
          throw new TypeError(`[safeFetch] resolver gave a non-IP answer for ${hostname}`);
      }
      assertAllowed(
        hostname,
        answers.map((answer) => answer.address),
        policy,
      );
      const family = wantedFamily(options);
      const usable = family ? answers.filter((answer) => answer.family === family) : answers;
      if (usable.length === 0) {
        throw Object.assign(new Error(`[safeFetch] no usable address for ${hostname}`), { code: 'ENOTFOUND' });
      }
      return usable;
    };
    pick().then(
      (usable) => {
        if (options.all) {
          callback(
            null,
            usable.map((answer): LookupAddress => ({ address: answer.address, family: answer.family })),
          );
        } else {
          const [first] = usable as [ResolvedAddress];
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

export type GuardedAgentOptions = {
  policy: AddressPolicy;
  resolve: Resolve;
  connectTimeoutMs: number;
};

/** An undici Agent whose every connection goes through the address guard. */
export function createGuardedAgent({ policy, resolve, connectTimeoutMs }: GuardedAgentOptions): Agent {
  const connectChecked = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(policy, resolve) });
  const connect: Connector = (options, callback) => {
    if (isIP(options.hostname) !== 0) {
      const verdict = checkAddress(options.hostname, policy);
      if (!verdict.allowed) {
        callback(blockedAddressError(options.hostname, verdict.reason, options.hostname), null);
        return;
      }
    }
    connectChecked(options, callback);
  };
  return new Agent({ connect });
}
