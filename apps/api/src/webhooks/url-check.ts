import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@portal/contract';
import { unprocessable } from '../shared/errors';

/**
 * Where a webhook may be sent (docs/decisions/0066-webhooks.md): https to a
 * public address. A URL's host is resolved and EVERY address it resolves to
 * is checked, at registration and again before each attempt (the request is
 * then made to the address checked, so a name that resolves elsewhere in
 * between cannot reach inside). WEBHOOKS_ALLOW_PRIVATE=true (tests, a local
 * set-up) allows http and private, loopback and link-local addresses.
 */

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for an address that is not on the public internet: private, loopback, link-local, reserved, multicast. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface CheckedUrl {
  url: URL;
  /** Where the request goes: the first address the host resolved to, every one of them checked. */
  address: string;
  family: 4 | 6;
}

const invalid = (message: string) => unprocessable('WEBHOOK_URL_INVALID', message, 'url');

/** The URL itself: http(s), no credentials in it, http only where private addresses are allowed. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('Enter a full URL, starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('The URL must start with https://');
  if (url.protocol === 'http:' && !allowPrivate)
    throw invalid('The URL must use https:// (plain http is allowed only where WEBHOOKS_ALLOW_PRIVATE is set)');
  if (url.username || url.password) throw invalid('Put no user name or password in the URL');
  if (url.hash) throw invalid('The URL must not have a #fragment');
  // Its written form (an international name in punycode) is what is stored and requested.
  if (url.href.length > WEBHOOK_URL_MAX) throw invalid(`The URL must be at most ${WEBHOOK_URL_MAX} characters`);
  return url;
}

/** Resolves the URL's host and checks every address; throws a `{ message, code }` error naming the URL's fault. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<CheckedUrl> {
  const url = parseWebhookUrl(raw, allowPrivate);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    addresses = [];
  }
  if (addresses.length === 0)
    throw unprocessable('WEBHOOK_URL_UNRESOLVED', `${host} could not be resolved to an address.`, 'url');
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside && !allowPrivate) {
    throw unprocessable(
      'WEBHOOK_URL_PRIVATE',
      `${host} resolves to ${inside.address}, a private, loopback or link-local address: webhooks go to public addresses only.`,
      'url',
    );
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
