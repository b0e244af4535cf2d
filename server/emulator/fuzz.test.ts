// @vitest-environment node
/**
 * Generated request bodies against every emulator endpoint that takes one (issue #9): whatever comes
 * in, the answer is a well-formed 2xx, 3xx or 4xx (never a 5xx, never a stack trace) and the server
 * keeps answering. A JSON endpoint answers a body of another content type 415 (content-types.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonEndpoint } from '../http/content-types';
import { emulatorForTests } from './test-emulator';

const emulator = emulatorForTests('fuzz');

const endpoints = [
  '/post/api/private/login/password',
  '/post/api/private/login/secure',
  '/post/api/private/login/secure/new-auth',
  '/post/api/logout',
  '/post/api/logout/idp',
  '/post/api/oauth/token',
  '/post/api/oauth/authorize/tokens/AbCdEf123456/approve',
  '/post/api/private/password-reset',
  '/post/api/private/password-reset/some-id',
  '/post/api/private/password-reset/some-id/email-code',
  '/post/api/private/password-reset/some-id/sms-code',
  '/post/api/private/emailVerification/some-token',
  '/post/log/web',
  '/dev/idporten',
  '/dev/broker',
  '/dev/area-logout',
  '/dev/api/session',
  '/dev/api/persons',
  '/dev/api/email-verification',
  '/dev/api/analytics',
  '/dev/api/statuspage',
  '/dev/sentry/api/1/envelope/',
];

const contentTypes = fc.constantFrom(
  'application/json',
  'application/vnd.digipost-v2+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'APPLICATION/VND.DIGIPOST-V2+JSON; charset=utf-8',
  '',
);

const bodies = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 300 }),
  fc.dictionary(fc.string({ maxLength: 20 }), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))).map((value) => JSON.stringify(value)),
  fc
    .record({
      username: fc.oneof(fc.string(), fc.integer()),
      password: fc.oneof(fc.string(), fc.constant(null)),
      code: fc.oneof(fc.string(), fc.integer()),
    })
    .map((value) => JSON.stringify(value)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

async function sessionWithToken(): Promise<{ cookie: string; csrf: string }> {
  const response = await emulator.app.request('/post/api');
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

describe('generated request bodies', () => {
  it('never get a 5xx or a malformed answer, with or without a session and CSRF token', async () => {
    const { cookie, csrf } = await sessionWithToken();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), contentTypes, bodies, fc.boolean(), async (endpoint, type, body, withSession) => {
        // Its length, as a client over HTTP sends it: what makes it a body (content-types.ts hasBody).
        const headers: Record<string, string> = { 'Content-Length': String(Buffer.byteLength(body)) };
        if (type) headers['Content-Type'] = type;
        if (withSession) Object.assign(headers, { Cookie: cookie, 'X-CSRF-TOKEN': csrf });
        const response = await emulator.app.request(endpoint, { method: 'POST', headers, body });
        expect(response.status, `${endpoint} ${type} ${body.slice(0, 80)}`).toBeLessThan(500);
        const jsonType = /^\s*application\/(json|vnd\.digipost-v2\+json)\s*(;|$)/i.test(type);
        if (isJsonEndpoint(endpoint) && body.length > 0 && !jsonType) expect(response.status, `${endpoint} ${type}`).toBe(415);
        if (response.status === 415) expect(isJsonEndpoint(endpoint)).toBe(true);
        const text = await response.text();
        expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
        if ((response.headers.get('content-type') ?? '').includes('json') && text) expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 600 },
    );
    const root = await emulator.app.request('/post/api');
    expect(root.status).toBe(200);
  }, 120_000);
});
