/**
 * Who is on the other end: the client's address (for attempt limits and ADMIN_NETWORKS) and whether the
 * browser reached us over https (for Secure cookies). Behind a proxy the socket is the proxy's, so with
 * TRUST_PROXY on, the proxy's word counts: the last X-Forwarded-For hop (the address the proxy itself
 * saw; anything before it is what the client claimed, docs/decisions/010) and X-Forwarded-Proto.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

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
  /** Whether the browser's request was https. */
  isHttps: (c: Context) => boolean;
}

export function clientView(trustProxy: boolean): ClientView {
  return {
    address(c) {
      const socket = connectionAddress(c);
      if (!trustProxy) return socket;
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((hop) => hop.trim())
        .filter(Boolean);
      const last = hops.at(-1);
      return last && isIP(last) ? plainAddress(last) : socket;
    },
    isHttps(c) {
      if (new URL(c.req.url).protocol === 'https:') return true;
      if (!trustProxy) return false;
      const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
      return forwarded === 'https';
    },
  };
}
