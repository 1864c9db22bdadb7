import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  checkTarget,
  checkTargetShape,
  guardedLookup,
  guardLookup,
  isRefusedAddress,
  TargetRefusedError,
} from '../../functions/core/webhooks/target-guard';

const previous = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
beforeEach(() => delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS);
afterEach(() => {
  if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previous;
});

/** Each address beside its verdict, so a failure names the address. */
const verdicts = (addresses: string[]) => addresses.map((address) => [address, isRefusedAddress(address)]);
const all = (addresses: string[], refused: boolean) => addresses.map((address) => [address, refused]);

describe('isRefusedAddress', () => {
  // One or more representatives per range, at its edges where an off-by-one would show.
  const refused: Record<string, string[]> = {
    'this network 0.0.0.0/8': ['0.0.0.0', '0.255.255.255'],
    'private 10/8, 172.16/12, 192.168/16': [
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
    ],
    'carrier-grade NAT 100.64.0.0/10': ['100.64.0.1', '100.127.255.255'],
    'loopback 127.0.0.0/8': ['127.0.0.1', '127.255.255.254'],
    'link-local 169.254.0.0/16': ['169.254.169.254'],
    'IETF protocol assignments 192.0.0.0/24': ['192.0.0.1', '192.0.0.170', '192.0.0.255'],
    'TEST-NET-1 192.0.2.0/24': ['192.0.2.1'],
    '6to4 relay anycast 192.88.99.0/24': ['192.88.99.1'],
    'benchmarking 198.18.0.0/15': ['198.18.0.1', '198.19.255.255'],
    'TEST-NET-2 198.51.100.0/24': ['198.51.100.7'],
    'TEST-NET-3 203.0.113.0/24': ['203.0.113.9'],
    'multicast 224.0.0.0/4': ['224.0.0.1', '239.255.255.250'],
    'reserved 240.0.0.0/4 and broadcast': ['240.0.0.1', '255.255.255.255'],
    'unspecified and loopback IPv6': ['::', '::1', '0:0:0:0:0:0:0:1'],
    'IPv4-compatible ::/96': ['::7f00:1', '::127.0.0.1', '::8.8.8.8', '::a00:1'],
    'IPv4-mapped ::ffff:0:0/96 of a refused IPv4': [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:c612:1',
    ],
    'IPv4-translated ::ffff:0:0:0/96': ['::ffff:0:808:808', '::ffff:0:7f00:1'],
    'NAT64 64:ff9b::/96 and 64:ff9b:1::/48': ['64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b:1::1'],
    'discard 100::/64': ['100::1'],
    'IETF protocol assignments 2001::/23, Teredo 2001::/32': [
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:2::1',
      '2001:1ff:ffff::1',
    ],
    'documentation 2001:db8::/32 and 3fff::/20': ['2001:db8::1', '3fff::1', '3fff:fff:ffff::1'],
    '6to4 2002::/16': ['2002:7f00:1::', '2002:808:808::1'],
    'SRv6 5f00::/16': ['5f00::1'],
    'unique-local fc00::/7': ['fc00::1', 'fd12:3456::1', 'FDFF::1'],
    'link-local fe80::/10 and site-local fec0::/10': ['fe80::1', 'febf::1', 'fec0::1', 'feff::1'],
    'scoped IPv6': ['fe80::1%eth0', '2606:4700:4700::1111%1'],
    'multicast ff00::/8': ['ff02::1', 'ff05::1:3', 'ff0e::1'],
    'not an IP address': ['', 'localhost', '127.1', '1.2.3.4.5', ':::1'],
  };
  it.each(Object.entries(refused))('refuses %s', (_range, addresses) => {
    expect(verdicts(addresses)).toEqual(all(addresses, true));
  });

  it('allows public addresses, also just outside the refused ranges', () => {
    const public_ = [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.1',
      '192.0.1.1',
      '192.88.98.255',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '::ffff:8.8.8.8',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '2001:200::1',
      '2003::1',
      '2a00:1450:4001:82a::200e',
      '3ffe::1',
      '3fff:1000::1',
    ];
    expect(verdicts(public_)).toEqual(all(public_, false));
  });
});

describe('checkTarget', () => {
  const refusal = (url: string) =>
    checkTarget(url).then(
      () => undefined,
      (error: Error) => (error instanceof TargetRefusedError ? error.message : `unexpected ${error}`),
    );

  it.each([
    'http://[::7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://198.18.0.1/',
    'http://192.0.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/', // 127.0.0.1, as URL normalises it
    'https://0x7f.1:8443/',
  ])('refuses %s by its literal address', async (url) => {
    expect(await refusal(url)).toBe(
      'must not point at a loopback, private or link-local address, or another special-purpose one',
    );
  });

  it('refuses a name resolving to loopback, and allows public literals', async () => {
    expect(await refusal('http://localhost:9000/')).toMatch(/^must not resolve to a loopback/);
    for (const url of [
      'https://1.1.1.1/hook',
      'https://8.8.8.8/',
      'https://[2606:4700:4700::1111]/',
      'https://[2001:4860:4860::8888]/',
    ]) {
      expect([url, await refusal(url)]).toEqual([url, undefined]);
    }
  });

  it('lets everything http(s) through with WEBHOOK_ALLOW_PRIVATE_TARGETS=1', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
    expect(checkTargetShape('http://[::7f00:1]/').hostname).toBe('[::7f00:1]');
    expect(await refusal('http://198.18.0.1/')).toBeUndefined();
  });
});

describe('connection lookup', () => {
  /** Runs a lookup as the socket would, resolving to the error's message or the addresses. */
  const connect = (lookup: LookupFunction, hostname: string, all: boolean) =>
    new Promise<string | string[]>((resolve) =>
      lookup(hostname, { all }, (error, address) => {
        if (error) resolve(error.message);
        else resolve(Array.isArray(address) ? address.map((a) => a.address) : [address]);
      }),
    );
  /** A resolver that answers every name with these addresses, as DNS rebinding would. */
  const resolvingTo =
    (...addresses: string[]): LookupFunction =>
    (_hostname, options, callback) => {
      const answers: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      if (options.all) callback(null, answers);
      else callback(null, answers[0].address, answers[0].family);
    };

  it.each([
    ['a private address', ['10.0.0.5'], false],
    ['an embedded loopback', ['64:ff9b::7f00:1'], false],
    ['a public and a private address (Happy Eyeballs may pick either)', ['1.1.1.1', '169.254.169.254'], true],
  ])('refuses a name resolving to %s', async (_case, addresses, all) => {
    expect(await connect(guardLookup(resolvingTo(...addresses)), 'rebinding.example', all)).toMatch(
      /^resolves to a loopback/,
    );
  });

  it('passes public answers through unchanged', async () => {
    expect(await connect(guardLookup(resolvingTo('1.1.1.1', '2606:4700:4700::1111')), 'one.one.one.one', true)).toEqual(
      ['1.1.1.1', '2606:4700:4700::1111'],
    );
  });

  it('refuses localhost through the real resolver unless private targets are allowed', async () => {
    expect(await connect(guardedLookup, 'localhost', true)).toMatch(/^resolves to a loopback/);
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
    expect(await connect(guardedLookup, 'localhost', false)).toEqual([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]);
  });
});
