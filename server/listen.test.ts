// @vitest-environment node
/**
 * The HTTP server as main.ts starts it (listen.ts): an idle keep-alive connection stays open longer
 * than clients and proxies keep theirs, so a client reusing one never meets a server closing it
 * (ECONNRESET). Node's own default would close it after 5 s.
 */
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headersTimeoutMs, keepAliveTimeoutMs, listen } from './listen';
import { closeServer } from './test-server';

let server: Server | undefined;
let agent: Agent | undefined;

afterEach(async () => {
  agent?.destroy();
  agent = undefined;
  const running = server;
  server = undefined;
  if (running) await closeServer(running);
});

function start(): Promise<string> {
  return new Promise((resolve) => {
    server = listen(
      () => new Response('ok'),
      0,
      (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}/`),
    );
  });
}

function get(url: string, through: Agent) {
  return new Promise<{ status: number; body: string; socket: Socket; reused: boolean }>((resolve, reject) => {
    const sent = request(url, { agent: through }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, socket: sent.socket as Socket, reused: sent.reusedSocket }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the HTTP server (listen.ts)', () => {
  it('keeps idle connections 65 s and waits 66 s for headers, longer than the keep-alive', async () => {
    await start();
    expect(keepAliveTimeoutMs).toBe(65_000);
    expect(headersTimeoutMs).toBe(66_000);
    expect(server?.keepAliveTimeout).toBe(65_000);
    expect(server?.headersTimeout).toBe(66_000);
    expect(server!.headersTimeout).toBeGreaterThan(server!.keepAliveTimeout);
  });

  it('a keep-alive connection idle for 6 s (past Node’s default 5 s) is still there to be used again', async () => {
    const url = await start();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(url, agent);
    expect(first).toMatchObject({ status: 200, body: 'ok', reused: false });
    let closed = false;
    first.socket.once('close', () => (closed = true));

    await new Promise((resolve) => setTimeout(resolve, 6_000));

    expect(closed).toBe(false);
    const second = await get(url, agent);
    expect(second).toMatchObject({ status: 200, body: 'ok', reused: true });
    expect(second.socket).toBe(first.socket);
  }, 15_000);
});
