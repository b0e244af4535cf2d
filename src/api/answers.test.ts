/**
 * Answers are checked where they enter the app (contract/answers.ts): the fields the app uses must be
 * there and of their type, unknown fields pass, and a value the app narrows itself (a role) is dropped
 * rather than failing the answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { approveToken, fetchTokenData } from './oauth';
import { startPasswordReset } from './password-reset';
import { fetchRoot } from './root';

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const link = { rel: 'x/self', uri: '/post/api' };

describe('answers from the API', () => {
  it('the root document: links required, a role the app does not know dropped, new fields passing', async () => {
    answer({ link: [link], role: 'PRIVAT', csrfToken: 't', authenticationlevelIdporten: 104, somethingNew: 1 });
    await expect(fetchRoot()).resolves.toEqual({ link: [link], role: 'PRIVAT', csrfToken: 't', authenticationlevelIdporten: 104 });
    answer({ link: [link], role: 'SUPERUSER' });
    expect((await fetchRoot()).role).toBeUndefined();
    for (const bad of [{}, { link: 'x' }, { link: [{ rel: 1, uri: '/' }] }, { link: [], authenticationlevelIdporten: '104' }, []]) {
      answer(bad);
      await expect(fetchRoot(), JSON.stringify(bad)).rejects.toMatchObject({ noUsableAnswer: true });
    }
  });

  it('token data needs redirectUri and state; the approval needs a code', async () => {
    answer({ redirectUri: 'no.digipost.test://cb', state: 's' });
    await expect(fetchTokenData('AbCdEf123456')).resolves.toMatchObject({ redirectUri: 'no.digipost.test://cb', state: 's' });
    answer({ redirectUri: 'no.digipost.test://cb' });
    await expect(fetchTokenData('AbCdEf123456')).rejects.toBeInstanceOf(AppError);
    answer({ code: '' });
    await expect(approveToken(link)).rejects.toMatchObject({ noUsableAnswer: true });
    answer({ code: 'c0de' });
    await expect(approveToken(link)).resolves.toBe('c0de');
  });

  it('the reset start needs the links of the later steps', async () => {
    answer({ link: [link] });
    await expect(startPasswordReset(link, '41234567', '01817010055')).resolves.toEqual({ link: [link] });
    answer({ links: [link] });
    await expect(startPasswordReset(link, '41234567', '01817010055')).rejects.toMatchObject({ noUsableAnswer: true });
  });

  it('the reset start: a resetsLeft the app cannot use (null, a string) is no failed start, the codes are already sent (review of #38)', async () => {
    // The backend has started the reset (codes sent, one of the day's resets used): refusing the whole
    // answer shows "an error occurred" for a reset that happened, and a try again meets TOO_SOON. The
    // app narrows resetsLeft itself (reset-limits.ts resetsLeftOf): one it cannot use is the general rule.
    for (const resetsLeft of [null, '3', { count: 3 }]) {
      answer({ link: [link], resetsLeft });
      await expect(startPasswordReset(link, '41234567', '01817010055'), JSON.stringify(resetsLeft)).resolves.toMatchObject({ link: [link] });
    }
  });
});
