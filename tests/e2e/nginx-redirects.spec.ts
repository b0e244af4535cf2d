/**
 * Findings of the outside review of issue #18's change, where only the browser or the deployed
 * nginx can show them.
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from './support/fixtures';
import { startNginx } from './support/nginx';

/** A GET with the path and Host header exactly as given. */
function rawGet(origin: string, path: string, host: string): Promise<{ status: number; location: string | null }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, headers: { Host: host }, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
    });
    request.on('error', reject);
    request.end();
  });
}

test.describe('nginx (docs/deploy/nginx.conf)', () => {
  test('its redirects are paths: never the Host header the request named, nor the scheme and port nginx itself listens on', async ({ baseURL }) => {
    const nginx = await startNginx(baseURL ?? '');
    try {
      for (const [path, to] of [
        ['/innlogging/EN/business?x=1', '/innlogging/en/business?x=1'],
        ['/innlogging/Nn/', '/innlogging/nn/'],
        ['/innlogging', '/innlogging/'],
        ['/', '/innlogging/'],
      ]) {
        // Behind a TLS-terminating load balancer nginx listens on plain http and another port: an
        // absolute Location would send people to http://host:8080/…; and a forged Host would be echoed.
        const answer = await rawGet(nginx.url, path, 'evil.example:8080');
        expect([301, 302], path).toContain(answer.status);
        expect(answer.location, path).toBe(to);
      }
    } finally {
      await nginx.stop();
    }
  });
});
