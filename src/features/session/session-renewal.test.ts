/** The session's renewal against the emulator in this process: a CSRF token it refuses, a fresh one from its root document. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorFetchForTests, type TestPerson } from '../../../server/emulator/test-fetch';
import { send, setSessionRenewer } from '../../api/client';
import { getCsrfToken, setCsrfToken } from '../../api/headers';
import { apiPaths } from '../../config/paths';
import { forgetRootDocument, installSessionRenewal, loadRootDocument } from './root-document';

const backend = emulatorFetchForTests('session-renewal');
const { dev, sent } = backend;

const callUrl = '/post/api/private/login/password';
let person: TestPerson;
/** The session's own token, as its root document handed it out. */
let sessionToken: string | undefined;

const tokensSent = () => sent.filter((call) => call.path === callUrl).map((call) => call.csrfToken);
const rootFetches = () => sent.filter((call) => call.path === apiPaths.root);
const signIn = (options: { nolog?: boolean } = {}) =>
  send(callUrl, { method: 'POST', body: { username: person.nationalId, password: person.password }, ...options });

/** A browser with a session at the emulator, whose page holds a token the emulator no longer takes. */
beforeEach(async () => {
  person = await dev.person();
  await loadRootDocument();
  sessionToken = getCsrfToken();
  forgetRootDocument();
  setCsrfToken('stale');
});

afterEach(() => {
  setSessionRenewer(undefined);
  setCsrfToken(undefined);
  forgetRootDocument();
});

describe('session renewal', () => {
  it('is not in place merely because the session module was imported', async () => {
    await expect(signIn({ nolog: true })).rejects.toMatchObject({ apiError: 'CSRF_TOKEN_INVALID' });
    expect(tokensSent()).toEqual(['stale']);
    // Only the set-up's root document: none fetched to renew.
    expect(rootFetches()).toHaveLength(1);
  });

  it('after installSessionRenewal, a refused token is renewed from the root document and the call sent once more', async () => {
    installSessionRenewal();

    const response = await signIn();

    expect(response.status).toBe(200);
    expect(sessionToken).toEqual(expect.any(String));
    expect(tokensSent()).toEqual(['stale', sessionToken]);
    // The set-up's, and one to renew.
    expect(rootFetches()).toHaveLength(2);
  });
});
