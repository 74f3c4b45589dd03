import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the extractor may connect to. The rule: only what ipaddr.js calls 'unicast'
 * (public) is allowed, loopback too when the operator allows it for tests; everything else is
 * refused, and so are the cloud metadata services, even those on public addresses.
 *
 * IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped
 * (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d, which a DNS64 resolver hands out for every IPv4
 * site on an IPv6-only host). 6to4, Teredo, local-use NAT64 (64:ff9b:1::/48) and the deprecated
 * IPv4-compatible form (::a.b.c.d) are refused outright: no public site needs them.
 */

export type AddressPolicy = {
  /** Allow 127.0.0.0/8 and ::1 (tests serving a site on loopback). Nothing else widens. */
  allowLoopback: boolean;
};

/** Why an address is refused: an ipaddr.js range name, or one of ours. */
export type BlockReason =
  | 'metadata'
  | 'loopback'
  | 'private'
  | 'uniqueLocal'
  | 'linkLocal'
  | 'carrierGradeNat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'ipv4Compatible'
  | 'not-an-ip'
  | (string & {});

export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; reason: BlockReason };

/**
 * Cloud metadata and host-agent addresses. Most sit in ranges refused anyway; they are listed so
 * they stay refused whatever the policy, and for Azure's WireServer, which is a public address.
 */
export const METADATA_ADDRESSES: ReadonlySet<string> = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle IMDS
  '169.254.170.2', // AWS ECS task metadata
  '169.254.170.23', // AWS EKS pod identity
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:ec2::23', // AWS EKS pod identity over IPv6
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure WireServer (public range)
  '192.0.0.192', // Oracle Cloud
]);

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses only canonical literals (no octal, hex or short IPv4), IPv6 via the WHATWG parser. */
function parseStrict(address: string): Parsed | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 4) return ipaddr.IPv4.parse(bare);
  if (version === 6) {
    // ipaddr.js reads '::1.2.3.4' as IPv4-mapped; the URL parser gives the exact hex form.
    const canonical = new URL(`http://[${bare.split('%')[0]}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.parse(canonical);
  }
  return undefined;
}

function judgeV4(ip: ipaddr.IPv4, policy: AddressPolicy, original: string): AddressVerdict {
  if (METADATA_ADDRESSES.has(ip.toString())) return { allowed: false, address: original, reason: 'metadata' };
  const range = ip.range();
  if (range === 'unicast' || (range === 'loopback' && policy.allowLoopback))
    return { allowed: true, address: original };
  return { allowed: false, address: original, reason: range };
}

/** Judges one IP literal (v4 or v6, brackets allowed). Host names are never allowed here. */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  try {
    return judge(address, policy);
  } catch {
    // A parser corner case must fail closed.
    return { allowed: false, address, reason: 'not-an-ip' };
  }
}

function judge(address: string, policy: AddressPolicy): AddressVerdict {
  const ip = parseStrict(address);
  if (!ip) return { allowed: false, address, reason: 'not-an-ip' };
  if (ip.kind() === 'ipv4') return judgeV4(ip as ipaddr.IPv4, policy, address);

  const v6 = ip as ipaddr.IPv6;
  if (METADATA_ADDRESSES.has(v6.toString())) return { allowed: false, address, reason: 'metadata' };
  const range = v6.range();
  if (range === 'ipv4Mapped') return judgeV4(v6.toIPv4Address(), policy, address);
  if (range === 'rfc6052') {
    const [a, b, c, d, e, f] = v6.parts;
    const wellKnownNat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
    if (!wellKnownNat64) return { allowed: false, address, reason: 'rfc6052' };
    const [, , , , , , high = 0, low = 0] = v6.parts;
    const v4 = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    const embedded = judgeV4(v4, { allowLoopback: false }, address);
    return embedded.allowed ? embedded : { ...embedded, reason: `nat64-${embedded.reason}` };
  }
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true, address };
  if (range !== 'unicast') return { allowed: false, address, reason: range };
  // ipaddr.js calls ::/96 (deprecated IPv4-compatible) and the rest of ::/80 unicast.
  if (v6.parts.slice(0, 5).every((part) => part === 0)) return { allowed: false, address, reason: 'ipv4Compatible' };
  return { allowed: true, address };
}

/** The user-facing sentence for a refused address. */
export function blockedMessage(reason: BlockReason): string {
  const base = reason.startsWith('nat64-') ? reason.slice('nat64-'.length) : reason;
  if (base === 'metadata') return 'This address points to a cloud metadata service, which the extractor never fetches.';
  if (base === 'loopback') {
    return 'This address points to the extractor’s own machine (loopback), which it does not fetch. Use a public web address.';
  }
  if (['private', 'uniqueLocal', 'linkLocal', 'carrierGradeNat'].includes(base)) {
    return 'This address points to a private network, which the extractor does not fetch. Use a public web address.';
  }
  return 'This address is in a reserved or special-use range, which the extractor does not fetch. Use a public web address.';
}
