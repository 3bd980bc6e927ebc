import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Where webhooks may go (issue 19 #4): a customer names the URL, and the shop's server calls it, so
// a URL must not reach into the shop's own network (SSRF). Only public unicast addresses are
// called; private, loopback, link-local (the cloud's metadata service at 169.254.169.254),
// carrier-grade NAT, multicast and reserved ones are refused, for IPv4 and IPv6 (IPv4-mapped
// included). The address is checked when the endpoint is saved and again at every connection,
// on the very address the socket connects to, so a name that later resolves elsewhere (DNS
// rebinding) is refused too. Redirects are never followed.

/** How names are resolved: the system's resolver, or a test's. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export type WebhookNetwork = {
  /** WEBHOOK_ALLOW_PRIVATE: http and private addresses too (tests and development only). */
  allowPrivate: boolean;
  resolve: Resolve;
};

/** The URL's host as resolvers and address checks take it: an IPv6 address without brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Whether the shop may call this address: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export const addressRefusals = {
  https: 'URL must be an https address',
  credentials: 'URL must not hold a user name or password',
  unresolved: (host: string) => `URL's host ${host} does not resolve`,
  private: (host: string) =>
    `URL's host ${host} is a private, loopback or link-local address; webhooks go to public addresses only`,
} as const;

/**
 * Why the shop would not call this URL, or null when it may: https (http too when private
 * addresses are allowed), no credentials, and a host whose every address is public.
 */
export async function whyNotCallable(url: URL, network: WebhookNetwork): Promise<string | null> {
  const schemes = network.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return addressRefusals.https;
  if (url.username || url.password) return addressRefusals.credentials;
  if (network.allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? null : addressRefusals.private(host);
  let addresses: LookupAddress[];
  try {
    addresses = await network.resolve(host);
  } catch {
    return addressRefusals.unresolved(host);
  }
  if (addresses.length === 0) return addressRefusals.unresolved(host);
  return addresses.every((a) => isPublicAddress(a.address)) ? null : addressRefusals.private(host);
}

/**
 * The socket's own lookup (`http.request`'s `lookup`): resolves as `network.resolve` does and
 * fails the connection unless every address is public, so the address connected to is the one
 * checked.
 */
export function guardedLookup(network: WebhookNetwork): LookupFunction {
  return (hostname, options, callback) => {
    network.resolve(hostname).then(
      (addresses) => {
        const refused =
          !network.allowPrivate && !addresses.every((a) => isPublicAddress(a.address));
        if (refused || addresses.length === 0) {
          const error = Object.assign(new Error(addressRefusals.private(hostname)), {
            code: 'EADDRNOTPUBLIC',
          });
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, addresses);
        const [first] = addresses as [LookupAddress];
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
