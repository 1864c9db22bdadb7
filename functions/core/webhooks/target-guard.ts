import { lookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Where the platform may send webhooks. A receiver URL is chosen by an integrator, so without this
 * rule a webhook could make the platform call its own network (metadata endpoints, DynamoDB Local,
 * internal services). One rule serves registration and every delivery, legacy notifyUrls included.
 */

/** A dotted quad that isIP accepted, as a 32-bit number. */
const ipv4Value = (address: string) => address.split('.').reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);

/**
 * An IPv6 address that isIP accepted, as a 128-bit number: `::` expanded and a trailing dotted
 * quad taken as the last two hextets, so every spelling of an address compares equal.
 */
function ipv6Value(address: string): bigint {
  const hextets = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [BigInt(`0x${group}`)];
          const quad = ipv4Value(group);
          return [quad >> 16n, quad & 0xffffn];
        });
  const [head, tail] = address.split('::').map(hextets);
  const groups =
    tail === undefined ? head : [...head, ...Array<bigint>(8 - head.length - tail.length).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

type Subnet = { network: bigint; shift: bigint };

const subnet = (cidr: string, family: 4 | 6): Subnet => {
  const [address, prefix] = cidr.split('/');
  const shift = BigInt((family === 4 ? 32 : 128) - Number(prefix));
  return { network: (family === 4 ? ipv4Value(address) : ipv6Value(address)) >> shift, shift };
};

const within = (value: bigint, { network, shift }: Subnet) => value >> shift === network;

/**
 * IPv4 blocks of the IANA IPv4 Special-Purpose Address Registry that are not globally reachable,
 * plus the deprecated 6to4 relay anycast, multicast and the reserved block.
 */
const REFUSED_IPV4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata endpoints
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast 255.255.255.255 included
].map((cidr) => subnet(cidr, 4));

/**
 * IPv6 must be global unicast (2000::/3 in the IANA IPv6 Address Space). That alone shuts out ::,
 * ::1, IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48,
 * discard 100::/64, SRv6 5f00::/16, fc00::/7, fe80::/10, fec0::/10 and ff00::/8, and whatever IANA
 * later assigns outside it. IPv4-mapped ::ffff:0:0/96 is an IPv4 connection, judged as its IPv4.
 */
const IPV6_GLOBAL_UNICAST = subnet('2000::/3', 6);
const IPV4_MAPPED = subnet('::ffff:0:0/96', 6);
/** Special-purpose blocks inside 2000::/3 that are not globally reachable or embed an IPv4 address. */
const REFUSED_IPV6 = [
  '2001::/23', // IETF protocol assignments, Teredo 2001::/32 (embeds an IPv4 address) included
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4, embeds an IPv4 address
  '3fff::/20', // documentation
].map((cidr) => subnet(cidr, 6));

const isRefusedIpv4 = (value: bigint) => REFUSED_IPV4.some((range) => within(value, range));

/**
 * Whether the platform must not connect to this address. Anything that is not a plain IP address
 * is refused, scoped IPv6 (`fe80::1%eth0`) included: no public address needs a zone.
 */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isRefusedIpv4(ipv4Value(address));
  if (family !== 6 || address.includes('%')) return true;
  const value = ipv6Value(address);
  if (within(value, IPV4_MAPPED)) return isRefusedIpv4(value & 0xffffffffn);
  return !within(value, IPV6_GLOBAL_UNICAST) || REFUSED_IPV6.some((range) => within(value, range));
}

/** A target the rule refuses; `message` completes "url …". */
export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/** What every refusal of an address calls it. */
const NOT_PUBLIC = 'a loopback, private or link-local address, or another special-purpose one';

/** The local platform and its tests deliver to receivers on 127.0.0.1; a deployed stack never sets this. */
const privateTargetsAllowed = () => process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1';

/** The URL's host as an address would be written: IPv6 literals lose their brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The URL's shape: absolute http(s), and not an IP literal in a refused range (those skip DNS). */
export function checkTargetShape(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TargetRefusedError('must be an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TargetRefusedError('must use http or https');
  const host = hostOf(parsed);
  if (!privateTargetsAllowed() && isIP(host) && isRefusedAddress(host)) {
    throw new TargetRefusedError(`must not point at ${NOT_PUBLIC}`);
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
    throw new TargetRefusedError(`must not resolve to ${NOT_PUBLIC}`);
  }
  return parsed;
}

/**
 * Delivery: wraps the DNS lookup of the connection itself, so the addresses checked are the ones
 * connected to (a host re-pointed at a private address after registration is still refused). Every
 * address is checked, since with `all` (Happy Eyeballs) the socket may try any of them.
 */
export const guardLookup =
  (resolve: LookupFunction): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (!privateTargetsAllowed() && addresses.some(isRefusedAddress)) {
        return callback(new TargetRefusedError(`resolves to ${NOT_PUBLIC}`), address, family);
      }
      callback(null, address, family);
    });
  };

export const guardedLookup = guardLookup(lookup);
