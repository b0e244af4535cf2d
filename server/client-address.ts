/**
 * Who is on the other end: the client's address (for attempt limits and ADMIN_NETWORKS) and whether the
 * browser reached us over https (for Secure cookies). Behind a proxy the socket is the proxy's, so with
 * TRUST_PROXY the proxy's word counts: the last X-Forwarded-For hop (the address the proxy itself saw;
 * anything before it is what the client claimed, docs/decisions/010) and X-Forwarded-Proto. TRUST_PROXY
 * may name the proxies' networks, and then only a request whose socket is in them is believed.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP, isIPv6 } from 'node:net';
import { inNetworks, type Network } from './networks';

/** false: never believe forwarding headers; true: from any peer (the port is reachable only through the proxy); or the proxies' networks. */
export type TrustProxy = boolean | Network[];

/**
 * What a per-address limit counts by: an IPv4 address, or an IPv6 address's /64 (one subscriber
 * usually holds a whole /64, and would otherwise have endless addresses to spread guesses over).
 */
export function limitKeyOf(address: string): string {
  const plain = plainAddress(address) ?? address;
  if (!isIPv6(plain)) return plain;
  return `${firstFourGroups(plain)}::/64`;
}

/** The first four groups of an IPv6 address (its /64), in one form however the address was written. */
function firstFourGroups(address: string): string {
  // An embedded IPv4 tail (::ffff:1.2.3.4) lies past the first four groups: any stand-in will do.
  const text = address.replace(/\d+\.\d+\.\d+\.\d+$/, '0:0');
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}

/** The address the connection came from, IPv4-mapped IPv6 written as plain IPv4. */
export function connectionAddress(c: Context): string | undefined {
  try {
    return plainAddress(getConnInfo(c).remote.address);
  } catch {
    return undefined;
  }
}

function plainAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

export interface ClientView {
  /** The client's address, or undefined when it cannot be known (an in-process request in a test). */
  address: (c: Context) => string | undefined;
  /** The client's address as the per-address limits count it (limitKeyOf). */
  limitKey: (c: Context) => string | undefined;
  /** Whether the browser's request was https. */
  isHttps: (c: Context) => boolean;
}

export function clientView(trust: TrustProxy): ClientView {
  const believed = (c: Context) => trust === true || (Array.isArray(trust) && inNetworks(connectionAddress(c), trust));
  const view: ClientView = {
    limitKey(c) {
      const address = view.address(c);
      return address ? limitKeyOf(address) : undefined;
    },
    address(c) {
      const socket = connectionAddress(c);
      if (!believed(c)) return socket;
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((hop) => hop.trim())
        .filter(Boolean);
      const last = hops.at(-1);
      return last && isIP(last) ? plainAddress(last) : socket;
    },
    isHttps(c) {
      if (new URL(c.req.url).protocol === 'https:') return true;
      if (!believed(c)) return false;
      const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
      return forwarded === 'https';
    },
  };
  return view;
}
