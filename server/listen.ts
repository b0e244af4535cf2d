/**
 * The HTTP server, in one place for every way it starts: `npm start` and `npm run serve` (main.ts),
 * the end-to-end runs (tests/e2e/support/server.ts runs main.ts) and the server tests (test-http.ts).
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long the server keeps an idle keep-alive connection open. Node's default, 5 s, is shorter than
 * clients and proxies keep theirs (load balancers commonly 60 s): one that sends on a connection just
 * as the server closes it gets ECONNRESET. Longer than theirs, the client closes first.
 */
export const keepAliveTimeoutMs = 65_000;

/**
 * The longest a request's headers may take (Node's default is 60 s). Longer than keepAliveTimeoutMs:
 * at or under it, a connection kept alive can be ended as its next request comes in.
 */
export const headersTimeoutMs = 66_000;

/** Serves `fetch` on `port` (0: a free one) with the keep-alive timeouts above. */
export function listen(fetch: Parameters<typeof serve>[0]['fetch'], port: number, onListening?: (info: AddressInfo) => void): Server {
  // Without createServer in the options, Hono's adapter makes a plain node:http server.
  const server = serve({ fetch, port }, onListening) as Server;
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.headersTimeout = headersTimeoutMs;
  return server;
}
