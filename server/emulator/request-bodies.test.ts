// @vitest-environment node
/**
 * Every request body of the SPEC API is parsed by its schema (src/contract/requests.ts): a bad one,
 * whatever is wrong with it, gets one answer: 400 {error-code: VALIDATION_FAILED, error-message naming
 * the field, link: []}. A body the schema takes is not refused for its shape, and unknown fields pass.
 */
import { describe, expect, it } from 'vitest';
import { emulatorForTests } from './test-emulator';
import { browserClient } from './test-client';
import { exampleLoginStart } from '../../src/contract/test-examples';

const emulator = emulatorForTests('bodies');

const loginStart: Record<string, unknown> = exampleLoginStart;

/** Each call with a body its schema takes, and bodies it must refuse with the field they are about. */
const calls: { name: string; url: string; good: Record<string, unknown>; bad: [unknown, string][] }[] = [
  {
    name: 'login_secure',
    url: '/post/api/private/login/secure',
    good: loginStart,
    bad: [
      [{ ...loginStart, authenticationType: 'IDPORTEN_NIVAA_5' }, 'authenticationType'],
      [{ ...loginStart, authenticationRole: 'CORPORATION' }, 'authenticationRole'],
      [{ ...loginStart, solvency: 'false' }, 'solvency'],
      [{ ...loginStart, elevation: undefined }, 'elevation'],
      [{ ...loginStart, language: 'de' }, 'language'],
      [{ ...loginStart, returnUrl: 42 }, 'returnUrl'],
      [{ ...loginStart, returnUrl: '//evil.example/' }, 'returnUrl'],
      [{ ...loginStart, returnUrlError: 'https://evil.example/' }, 'returnUrlError'],
    ],
  },
  {
    name: 'login_secure_new_auth',
    url: '/post/api/private/login/secure/new-auth',
    good: { ...loginStart, authenticationType: 'IDPORTEN_NIVAA_4', elevation: true },
    bad: [[{ ...loginStart, authenticationType: 'toString' }, 'authenticationType']],
  },
  {
    name: 'login_password',
    url: '/post/api/private/login/password',
    good: { username: '01817010055', password: 'Sommerfugl-42' },
    bad: [
      [{ username: '01817010055' }, 'password'],
      [{ username: 1817010055, password: 'x' }, 'username'],
      [{ username: '01817010055', password: { password: 'x' } }, 'password'],
    ],
  },
  {
    name: 'reset_password',
    url: '/post/api/private/password-reset',
    // Someone unknown (404): the reset of the steps below is Kari's.
    good: { phoneNumber: '412 34 599', taxReference: '018170 10055' },
    bad: [
      [{ phoneNumber: '4123', taxReference: '01817010055' }, 'phoneNumber'],
      [{ phoneNumber: '41234567', taxReference: '0181701005x' }, 'taxReference'],
      [{ phoneNumber: 41234567, taxReference: '01817010055' }, 'phoneNumber'],
    ],
  },
  {
    name: 'log_web',
    url: '/post/log/web',
    good: { severity: 'INFO', message: 'hello', sourceApplication: 'innlogging', extras: { a: 1 } },
    bad: [
      [{ severity: 'FATAL', message: 'x', sourceApplication: 'innlogging' }, 'severity'],
      [{ severity: 'INFO', message: 7, sourceApplication: 'innlogging' }, 'message'],
      [{ severity: 'INFO', message: 'x', sourceApplication: 'innlogging', extras: 'x' }, 'extras'],
    ],
  },
];

/** What is wrong with every body of every call, whatever the call. */
const anyCallBad: [string | undefined, string][] = [
  ['not json', 'JSON object'],
  ['[]', 'JSON object'],
  ['null', 'JSON object'],
  ['"text"', 'JSON object'],
  ['{}', ''],
];

async function expectValidationFailed(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error-code', 'error-message', 'link']);
  expect(body['error-code']).toBe('VALIDATION_FAILED');
  expect(body.link).toEqual([]);
  expect(body['error-message']).toEqual(expect.stringContaining(field));
}

describe('the SPEC API parses every body by its schema', () => {
  for (const call of calls) {
    it(`${call.name}: every bad body gets the one 400 answer, naming the field`, async () => {
      const client = browserClient(emulator.app);
      await client.root();
      for (const [body, field] of call.bad) await expectValidationFailed(await client.post(call.url, body), field);
      for (const [raw, field] of anyCallBad) {
        const response = await client.call(call.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': (await client.root()).csrfToken },
          body: raw,
        });
        await expectValidationFailed(response, field);
      }
    });

    it(`${call.name}: a good body, with fields the schema does not know, is not refused for its shape`, async () => {
      const client = browserClient(emulator.app);
      await client.root();
      const response = await client.post(call.url, { ...call.good, somethingNew: { nested: true } });
      const answer = await response.text();
      expect(response.status, answer).not.toBe(415);
      if (response.status === 400) expect(answer).not.toContain('VALIDATION_FAILED');
    });
  }

  it('the reset steps: codes as digits (spaces allowed), the final password as {password}', async () => {
    const client = browserClient(emulator.app);
    await client.root();
    const started = await client.post('/post/api/private/password-reset', { phoneNumber: '41234567', taxReference: '01817010055' });
    expect(started.status).toBe(201);
    const { link } = (await started.json()) as { link: { rel: string; uri: string }[] };
    const uri = (name: string) => link.find((item) => item.rel.endsWith(name))!.uri;
    for (const [body, field] of [
      [{}, 'code'],
      [{ code: 123456 }, 'code'],
      [{ code: '12a456' }, 'code'],
    ] as const) {
      await expectValidationFailed(await client.post(uri('check_email_code'), body), field);
    }
    const complete = link.find((item) => /password-reset\/[^/]+$/.test(item.uri))!.uri;
    for (const [body, field] of [
      [{ emailcode: '123456', smscode: '123456', password: 'Sommerfugl-43' }, 'password'],
      [{ emailcode: '123456', smscode: '123456', password: {} }, 'password.password'],
      [{ emailcode: '123456', password: { password: 'x' } }, 'smscode'],
    ] as const) {
      await expectValidationFailed(await client.post(complete, body), field);
    }
    // A wrong code in the right shape is a wrong code, not a bad body.
    const wrong = await client.post(uri('check_email_code'), { code: '000 000' });
    expect(((await wrong.json()) as Record<string, unknown>)['error-code']).not.toBe('VALIDATION_FAILED');
  });
});
