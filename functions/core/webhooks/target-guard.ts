import { lookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the platform may send webhooks. A receiver URL is chosen by an integrator, so without this
 * rule a webhook could make the platform call its own network (metadata endpoints, DynamoDB Local,
 * internal services). One rule serves registration and every delivery, legacy notifyUrls included.
 */

/** Loopback, private, link-local, unique-local and unspecified ranges; IPv4-mapped IPv6 is matched as IPv4. */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
REFUSED.addAddress('::', 'ipv6');
REFUSED.addAddress('::1', 'ipv6');
REFUSED.addSubnet('fc00::', 7, 'ipv6');
REFUSED.addSubnet('fe80::', 10, 'ipv6');

/** A target the rule refuses; `message` completes "url …". */
export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/** The local platform and its tests deliver to receivers on 127.0.0.1; a deployed stack never sets this. */
const privateTargetsAllowed = () => process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1';

/** The URL's host as an address would be written: IPv6 literals lose their brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's shape: absolute http(s), and not an IP literal in a refused range (those skip DNS). */
export function checkTargetShape(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TargetRefusedError('must be an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TargetRefusedError('must use http or https');
  if (!privateTargetsAllowed() && isRefusedAddress(hostOf(parsed))) {
    throw new TargetRefusedError('must not point at a loopback, private or link-local address');
  }
  return parsed;
}

/** Registration: the shape, and every address the host resolves to now. */
export async function checkTarget(url: string): Promise<URL> {
  const parsed = checkTargetShape(url);
  if (privateTargetsAllowed() || isIP(hostOf(parsed))) return parsed;
  let addresses: { address: string }[];
  try {
    addresses = await lookupAll(parsed.hostname, { all: true });
  } catch {
    throw new TargetRefusedError('host does not resolve');
  }
  if (addresses.some(({ address }) => isRefusedAddress(address))) {
    throw new TargetRefusedError('must not resolve to a loopback, private or link-local address');
  }
  return parsed;
}

/**
 * Delivery: the DNS lookup of the connection itself, so the address checked is the address
 * connected to (a host re-pointed at a private address after registration is still refused).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, options, (error, address, family) => {
    if (error) return callback(error, address, family);
    const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
    if (!privateTargetsAllowed() && addresses.some(isRefusedAddress)) {
      return callback(new TargetRefusedError('resolves to a loopback, private or link-local address'), address, family);
    }
    callback(null, address, family);
  });
};
