// @vitest-environment node
/**
 * Redirect tricks × every place a request can say where a browser goes next (issue #16), through the
 * real HTTP server: the identity broker's returnUrl and returnUrlError (followed to the simulated
 * broker's Cancel), the eID login's returnUrl and returnUrlError (followed to the simulated ID-porten's
 * Cancel and "no access"), logout's FINAL_DESTINATION (query and body, with and without the identity
 * provider's logout), the identity provider's own `next`, and the language fallback. Whatever a sink
 * does with a trick, the browser that follows it stays on this site, no Location header is malformed
 * and nothing answers 500. Each sink is first shown to follow a good target, so a sink that refused
 * everything could not pass.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { dotSegmentTricks } from '../tests/e2e/support/redirect-tricks';
import { httpClient } from './test-http';
import { httpServerForTests } from './test-server';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

export const redirectTricks = [
  ...dotSegmentTricks,
  '/innlogging/../..//evil.example/',
  '/./%2e/..//evil.example',
  '/innlogging/%2e./%2fevil.example',
  '/innlogging/..%2f..%2f/evil.example',
  '/innlogging/%2F..%2F..%2F%2Fevil.example',
  '/%252f%252fevil.example',
  '/%252e%252e//evil.example',
  '/innlogging/..\\/evil.example',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example/',
  '\\\\evil.example\\',
  '/innlogging/\\..\\\\evil.example',
  '/%2F%2Fevil.example/',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  'https://evil.example/',
  'http://evil.example/innlogging/',
  'https:evil.example',
  'https:%2F%2Fevil.example',
  'https://localhost@evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' https://evil.example/',
  ' /innlogging/',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example',
  '/innlogging/\r\nSet-Cookie: injected=1',
  '/innlogging/%0d%0aSet-Cookie:%20injected=1',
  '/innlogging/%0aLocation:%20https://evil.example/',
  '/\uff0f\uff0fevil.example',
  '/\uff3cevil.example',
  '/innlogging/\uff0e\uff0e//evil.example',
  '/innlogging/\u2024\u2024//evil.example',
  '/\u200b/evil.example',
  '/innlogging/\u00a0',
  '/innlogging/\u202e',
  '/innlogging/\ud800',
  // Found by an outside review: look-alikes as a browser serialises them, dot segments with path
  // parameters (a server that strips ;params resolves them), and app addresses that do not fit a header.
  '/%EF%BC%8F%EF%BC%8Fevil.example',
  '/%EF%BC%8E%EF%BC%8E//evil.example',
  '/%EF%BC%BCevil.example',
  '/innlogging/%E2%80%A4%E2%80%A4//evil.example',
  '/a/..;//evil.example',
  '/.;//evil.example',
  '/innlogging/..%3b//evil.example',
  'no.digipost.ios://oauth-callback/\u0109',
  'no.digipost.ios://oauth-callback/\u007f',
  'no.digipost.ios://oauth-callback/\u0085',
  'no.digipost.ios://oauth-callback/\ud800',
  'no.digipost.ios://oauth-callback/?a=\u00ff',
  '',
  `/${'a'.repeat(5000)}`,
  // Paths of this site that are odd but harmless: kept on the site, percent-encoded where they must be.
  '/innlogging/\u0109',
  '/innlogging/?next=//evil.example',
  '/innlogging/.well-known',
];

const server = httpServerForTests('redirects');

interface Answer {
  status: number;
  location: string | null;
}

/** Where a browser following the answer ends: null when it is not sent anywhere. */
function expectStaysOnSite(answer: Answer, label: string) {
  expect(answer.status, label).toBeLessThan(500);
  if (answer.location === null) {
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    return;
  }
  expect(answer.location, `${label}: a valid Location header`).toMatch(/^[\x21-\x7e]+$/);
  const followed = new URL(answer.location, server.origin);
  expect(followed.origin, `${label}: ${answer.location}`).toBe(server.origin);
  expect(followed.pathname.startsWith('//'), `${label}: ${answer.location}`).toBe(false);
}

/** As a browser encodes text for a URL: a lone surrogate becomes U+FFFD first. */
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const answerOf = (response: Response): Answer => ({ status: response.status, location: response.headers.get('Location') });

/** A form post to a simulated identity provider's page (Cancel, or a person). */
async function choose(client: ReturnType<typeof httpClient>, page: string, request: string, choice: Record<string, string>) {
  return answerOf(
    await client.call(page, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, ...choice }).toString(),
    }),
  );
}

/** Follows a login start to the simulator and through its choice: every Location on the way must stay here. */
async function throughSimulator(client: ReturnType<typeof httpClient>, start: Answer, choice: Record<string, string>, label: string): Promise<Answer[]> {
  expectStaysOnSite(start, label);
  if (start.location === null) return [start];
  const page = new URL(start.location, server.origin);
  const request = page.searchParams.get('request');
  if (!request || (page.pathname !== '/dev/broker' && page.pathname !== '/dev/idporten')) return [start];
  const end = await choose(client, page.pathname, request, choice);
  expectStaysOnSite(end, `${label}, then ${JSON.stringify(choice)}`);
  return [start, end];
}

const brokerStart = (client: ReturnType<typeof httpClient>, returnUrl: string, returnUrlError?: string) =>
  client
    .call(
      `/post/api/login/idp?provider=signicat&rolle=VIRKSOMHET&returnUrl=${encode(returnUrl)}` +
        (returnUrlError === undefined ? '' : `&returnUrlError=${encode(returnUrlError)}`),
    )
    .then(answerOf);

async function eidStart(returnUrl: unknown, returnUrlError: unknown) {
  const client = httpClient(server.origin);
  await client.root();
  const response = await client.post('/post/api/private/login/secure', {
    authenticationType: 'IDPORTEN_NIVAA_3',
    authenticationRole: 'PRIVATE',
    returnUrl,
    returnUrlError,
    solvency: false,
    elevation: false,
    language: 'nb',
  });
  return { client, start: answerOf(response) };
}

async function logout(query: string | null, body?: unknown, viaIdentityProvider = false) {
  const client = httpClient(server.origin);
  const url = `/post/api/logout${viaIdentityProvider ? '/idp' : ''}${query === null ? '' : `?FINAL_DESTINATION=${encode(query)}`}`;
  return answerOf(await client.post(url, body));
}

/** A GET with the path exactly as given (fetch would resolve dot segments first; a raw client does not). */
function rawGet(pathAndQuery: string): Promise<Answer> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path: pathAndQuery, agent: false }, (response) => {
      response.resume();
      const location = response.headers.location;
      resolve({ status: response.statusCode ?? 0, location: typeof location === 'string' ? location : null });
    });
    request.on('error', reject);
    request.end();
  });
}

/** A trick as a raw request path: what an HTTP client cannot put on the request line, percent-encoded. */
const asRequestPath = (trick: string) => trick.replace(/[^\x21-\x7e]/gu, (character) => encode(character)).replace(/#/g, '%23');

describe('a good target is followed at every sink (so refusing everything would fail)', () => {
  it('broker, eID, logout, the identity provider and the language fallback', async () => {
    const client = httpClient(server.origin);
    const [start, cancel] = await throughSimulator(
      client,
      await brokerStart(client, '/virksomhetsadmin/', '/innlogging/en/innloggingFeilet'),
      { cancel: '1' },
      'broker',
    );
    expect(new URL(start.location!, server.origin).pathname).toBe('/dev/broker');
    expect(cancel.location).toBe('/innlogging/en/innloggingFeilet?idpErrorCode=AVBRUTT_AV_BRUKER');

    const eid = await eidStart('/postkasse/?login-successful=true', '/innlogging/loginError');
    const [, eidCancel] = await throughSimulator(eid.client, eid.start, { cancel: '1' }, 'eID');
    expect(eidCancel.location).toBe('/innlogging/loginError?idpErrorCode=AVBRUTT_AV_BRUKER');

    expect((await logout('/innlogging/en/')).location).toBe('/innlogging/en/');
    expect((await logout(null, { FINAL_DESTINATION: '/innlogging/nn/' })).location).toBe('/innlogging/nn/');
    expect((await logout('/innlogging/en/', undefined, true)).location).toBe(`/dev/idp/logout?next=${encode('/innlogging/en/')}`);
    expect((await rawGet(`/dev/idp/logout?next=${encode('/innlogging/en/')}`)).location).toBe('/innlogging/en/');
    expect((await rawGet('/innlogging/xx/logout?a=1')).location).toBe('/innlogging/logout?a=1');
    expect(await rawGet('/innlogging/EN/logout?a=1')).toEqual({ status: 301, location: '/innlogging/en/logout?a=1' });
  });
});

describe(`${redirectTricks.length} redirect tricks at every sink stay on the site`, () => {
  it('has at least 40 tricks, the nine that got through among them', () => {
    expect(redirectTricks.length).toBeGreaterThanOrEqual(40);
  });

  it.each(dotSegmentTricks)('%j is refused outright wherever it is given', async (trick) => {
    const client = httpClient(server.origin);
    expect((await brokerStart(client, trick)).status).toBe(400);
    expect((await brokerStart(client, '/virksomhetsadmin/', trick)).status).toBe(400);
    expect((await eidStart(trick, '/innlogging/loginError')).start.status).toBe(400);
    expect((await eidStart('/postkasse/', trick)).start.status).toBe(400);
    expect((await logout(trick)).location).toBe('/innlogging/logout');
    expect((await rawGet(`/dev/idp/logout?next=${encode(trick)}`)).location).toBe('/innlogging/logout');
  });

  it("the identity broker's returnUrl and returnUrlError, to the broker's Cancel", async () => {
    const client = httpClient(server.origin);
    for (const trick of redirectTricks) {
      await throughSimulator(client, await brokerStart(client, trick), { cancel: '1' }, `broker returnUrl ${JSON.stringify(trick)}`);
      await throughSimulator(client, await brokerStart(client, '/virksomhetsadmin/', trick), { cancel: '1' }, `broker returnUrlError ${JSON.stringify(trick)}`);
    }
  });

  it("the eID login's returnUrl and returnUrlError, to ID-porten's Cancel and a person without access", async () => {
    for (const trick of redirectTricks) {
      const success = await eidStart(trick, '/innlogging/loginError');
      await throughSimulator(success.client, success.start, { cancel: '1' }, `eID returnUrl ${JSON.stringify(trick)}`);
      const cancelled = await eidStart('/postkasse/', trick);
      await throughSimulator(cancelled.client, cancelled.start, { cancel: '1' }, `eID returnUrlError ${JSON.stringify(trick)}`);
      const refused = await eidStart('/postkasse/', trick);
      // 01010112345 is a demo person who is not a user of the mailbox (server/emulator/seed.ts).
      await throughSimulator(refused.client, refused.start, { nationalId: '01010112345' }, `eID returnUrlError, no access ${JSON.stringify(trick)}`);
    }
  });

  it("logout's FINAL_DESTINATION in the query and the body, with and without the identity provider, and its `next`", async () => {
    for (const trick of redirectTricks) {
      const label = JSON.stringify(trick);
      expectStaysOnSite(await logout(trick), `logout query ${label}`);
      expectStaysOnSite(await logout(null, { FINAL_DESTINATION: trick }), `logout body ${label}`);
      const viaIdentityProvider = await logout(trick, undefined, true);
      expectStaysOnSite(viaIdentityProvider, `logout_idp ${label}`);
      // The identity provider's logout, as the browser would follow it, and reached directly with the trick.
      expectStaysOnSite(await rawGet(viaIdentityProvider.location!), `identity provider's logout after ${label}`);
      expectStaysOnSite(await rawGet(`/dev/idp/logout?next=${encode(trick)}`), `next ${label}`);
    }
  });

  it('the language fallback (/innlogging/xx/… → /innlogging/…)', async () => {
    for (const trick of redirectTricks.filter((value) => value.startsWith('/'))) {
      const requestPath = asRequestPath(trick);
      expectStaysOnSite(await rawGet(`/innlogging/xx${requestPath}`), `fallback ${JSON.stringify(trick)}`);
      expectStaysOnSite(await rawGet(`/innlogging/xx${requestPath}?q=${encode(trick)}`), `fallback query ${JSON.stringify(trick)}`);
    }
  });

  it('a language segment in other letter case (/innlogging/EN/… → /innlogging/en/…)', async () => {
    expect(await rawGet('/innlogging/EN//evil.example')).toEqual({ status: 301, location: '/innlogging/en//evil.example' });
    // Read as the URL parser reads it (/innlogging/), or not at all: never a Location of its own making.
    for (const path of ['/innlogging/EN/%2e%2e/', '/innlogging/EN/%2e%2e/%2e%2e/evil.example', '/innlogging/EN/%2F%2Fevil.example']) {
      expect((await rawGet(path)).location, path).toBeNull();
    }
    for (const trick of redirectTricks.filter((value) => value.startsWith('/'))) {
      const requestPath = asRequestPath(trick);
      for (const segment of ['EN', 'Nn', 'nB']) {
        const answer = await rawGet(`/innlogging/${segment}${requestPath}`);
        expectStaysOnSite(answer, `${segment} ${JSON.stringify(trick)}`);
        // Whatever follows the segment, a redirect leads under the lower-case segment and nowhere else.
        if (answer.location !== null) expect(answer.location.startsWith(`/innlogging/${segment.toLowerCase()}/`), answer.location).toBe(true);
        expectStaysOnSite(await rawGet(`/innlogging/${segment}${requestPath}?q=${encode(trick)}`), `${segment} query ${JSON.stringify(trick)}`);
      }
    }
  });
});
