/**
 * The reset's work in the host route, without a view (decision 017): what the loader answers for a
 * step address, and what the action keeps in sessionStorage at each call, against the emulator in
 * this process. The wizard's behaviour on screen: reset-wizard.test.tsx and steps/.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorFetchForTests } from '../../../server/emulator/test-fetch';
import { forgetRootDocument } from '../session';
import type { ResetAnswer } from './reset-journey';
import { resetScreenAt, runResetStep } from './reset-steps';
import { newStoredReset, parseStoredReset, readStoredReset, resetStorageKey, type StoredReset, writeStoredReset } from './reset-storage';

vi.setConfig({ testTimeout: 30_000 });

const { dev } = emulatorFetchForTests('reset-steps');
const page = 'http://localhost/forgot-password';
const password = 'Fjellgeit-Sommer-42';

beforeEach(() => {
  forgetRootDocument();
  sessionStorage.clear();
  writeStoredReset(null);
});

/** Where a thrown or returned redirect goes (its Location), or null for an answer that stays. */
async function outcome(work: () => unknown): Promise<{ to: string | null; answer?: ResetAnswer }> {
  try {
    const result = await work();
    if (result instanceof Response) return { to: result.headers.get('Location') };
    return { to: null, answer: result as ResetAnswer };
  } catch (thrown) {
    if (thrown instanceof Response) return { to: thrown.headers.get('Location') };
    throw thrown;
  }
}

const load = (search: string) => outcome(() => resetScreenAt(new Request(`${page}${search}`)));
const screenAt = (search: string) => resetScreenAt(new Request(`${page}${search}`));
const post = (search: string, fields: Record<string, string>, host = {}) => {
  const form = new FormData();
  form.set('intent', 'reset-submit');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return outcome(() => runResetStep(new Request(`${page}${search}`, { method: 'POST' }), form, host));
};
const kept = (): StoredReset | null => readStoredReset('/forgot-password');

async function toStep(step: 'emailCode' | 'smsCode' | 'newPassword') {
  const person = await dev.person();
  expect((await post('?step=phone', { phoneNumber: person.phone, nationalId: person.nationalId })).to).toBe('?step=email-code');
  const [emailCode = ''] = await dev.codesTo(person.email);
  const [smsCode = ''] = await dev.codesTo(person.phone);
  if (step !== 'emailCode') expect((await post('?step=email-code', { code: emailCode })).to).toBe('?step=sms-code');
  if (step === 'newPassword') expect((await post('?step=sms-code', { code: smsCode })).to).toBe('?step=new-password');
  return { person, emailCode, smsCode };
}

describe("the host route's loader: the URL's step, as the reset allows it", () => {
  it('no reset kept: any step address is step 1, in place; step 5 is the page without the wizard', async () => {
    expect(await load('?step=phone')).toMatchObject({ to: null });
    expect(await load('?step=sms-code')).toEqual({ to: '?step=phone' });
    expect(await load('?step=nonsense')).toEqual({ to: '?step=phone' });
    expect(await load('?a=1&step=done')).toEqual({ to: '?a=1' });
    expect((await load('?step=done')).to).toBe('.');
  });

  it('a reset kept: any step up to the furthest it allows; a later one becomes that one', async () => {
    await toStep('smsCode');
    expect(await screenAt('?step=email-code')).toMatchObject({ step: 'emailCode', open: true });
    expect(await load('?step=new-password')).toEqual({ to: '?step=sms-code' });
    // Another page's reset is not resumed here.
    writeStoredReset({ ...(kept() as StoredReset), path: '/mobileLogin/abc/forgot-password' });
    expect(await load('?step=sms-code')).toEqual({ to: '?step=phone' });
  });
});

describe("the host route's action: each step's call, and what is kept", () => {
  it('keeps what a reload needs and never the password; forgets all but the sign-in once saved', async () => {
    const { person, emailCode, smsCode } = await toStep('newPassword');
    expect(kept()).toMatchObject({ phoneNumber: person.phone, nationalId: person.nationalId, emailCode, smsCode, triesUsed: 0 });
    const saved = await post('?step=new-password', { password, repeat: password });
    expect(saved.to).toBe('?step=done');
    expect(kept()).toEqual(newStoredReset('/forgot-password', { signIn: { status: 'signingIn' } }));
    expect(sessionStorage.getItem(resetStorageKey)).not.toContain(password);
    expect(await screenAt('?step=done')).toMatchObject({ step: 'done', signIn: { status: 'signingIn' } });
  });

  it("in the app's flow, the sign-in goes on to the app's path in place of the page, and nothing is kept", async () => {
    await toStep('newPassword');
    expect(await post('?step=new-password', { password, repeat: password }, { afterSignIn: '/app-next' })).toEqual({ to: '/app-next' });
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
  });

  it('a code check under way has taken its try: a reload before its answer never gives it back; a right code costs none', async () => {
    const { emailCode } = await toStep('emailCode');
    await dev.fault({ path: '/post/api/private/password-reset/*', mode: 'slow', delayMs: 800, times: 1 });
    const checking = post('?step=email-code', { code: emailCode });
    await vi.waitFor(() => expect(kept()?.triesUsed).toBe(1));
    expect((await checking).to).toBe('?step=sms-code');
    expect(kept()).toMatchObject({ triesUsed: 0, emailCode });
  });

  it('a wrong code: the tries left at the field, the try kept; the third ends the reset where it happened', async () => {
    const { emailCode } = await toStep('emailCode');
    const wrong = emailCode === '000000' ? '111111' : '000000';
    expect((await post('?step=email-code', { code: wrong })).answer?.fieldErrors).toEqual([
      { fieldId: 'reset-email-code', text: 'reset.error.wrong_code_tries', params: { tries: 2 } },
    ]);
    expect(kept()).toMatchObject({ triesUsed: 1, emailCode: '' });
    await post('?step=email-code', { code: wrong });
    expect(await post('?step=email-code', { code: wrong })).toEqual({ to: null, answer: { fieldErrors: [], warning: null } });
    expect(kept()).toMatchObject({ links: [], ended: { why: 'tooMany', at: 'emailCode' } });
    // Shown where it ended, and step 1 starts again; the steps after it are gone.
    expect(await screenAt('?step=email-code')).toMatchObject({ step: 'emailCode', ended: { why: 'tooMany' }, open: false });
    expect(await load('?step=sms-code')).toEqual({ to: '?step=phone' });
  });

  it('what was typed is checked before any call: field errors, nothing sent, nothing kept', async () => {
    expect((await post('?step=phone', { phoneNumber: '12', nationalId: '' })).answer?.fieldErrors.map((error) => error.text)).toEqual([
      'reset.invalid_phone',
      'login.enter_foedselsnummer',
    ]);
    expect(kept()).toBeNull();
  });

  it("a kept link that is not the reset API's (hand-edited to another call of this site) is no reset: nothing is sent to it", async () => {
    await toStep('newPassword');
    const record = kept() as StoredReset;
    writeStoredReset({ ...record, links: record.links.map((link) => (link.rel.endsWith('/self') ? { ...link, uri: '/dev/api/persons' } : link)) });
    expect(await load('?step=new-password')).toEqual({ to: '?step=phone' });
    expect(await post('?step=new-password', { password, repeat: password })).toEqual({ to: '?step=phone' });
  });

  it('a post at a step the reset does not allow (a tab left open) is answered as the loader does', async () => {
    expect(await post('?step=sms-code', { code: '123456' })).toEqual({ to: '?step=phone' });
  });
});

describe('the reset in sessionStorage', () => {
  it('reads back only what it wrote', () => {
    const record = newStoredReset('/p', { phoneNumber: '41234567', links: [{ rel: '/r/check_email_code', uri: '/x' }], triesUsed: 1 });
    expect(parseStoredReset(JSON.stringify(record))).toEqual(record);
    for (const raw of [
      null,
      '',
      '{',
      'null',
      '42',
      '{"path":"/p"}',
      JSON.stringify({ ...record, links: [{ rel: 1 }] }),
      JSON.stringify({ ...record, triesUsed: '1' }),
      // Hand-edited: tries that would say "10 tries left", or more than end a reset; links to another site.
      JSON.stringify({ ...record, triesUsed: -7 }),
      JSON.stringify({ ...record, triesUsed: 1.5 }),
      JSON.stringify({ ...record, triesUsed: 3 }),
      JSON.stringify({ ...record, links: [{ rel: '/r/check_email_code', uri: 'https://evil.example/steal' }] }),
      JSON.stringify({ ...record, links: [{ rel: '/r/check_email_code', uri: '//evil.example/steal' }] }),
      JSON.stringify({ ...record, ended: { why: 'bored', at: 'emailCode' } }),
      JSON.stringify({ ...record, signIn: { status: 'throttled', wait: { count: -1, unit: 'minutes' } } }),
      JSON.stringify({ ...record, resent: 'yes' }),
    ]) {
      expect(parseStoredReset(raw), String(raw)).toBeNull();
    }
  });

  it('a storage that refuses the record: kept in the page instead, so the wizard works on', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeStoredReset(newStoredReset('/forgot-password', { phoneNumber: '41234567' }));
    expect(kept()).toMatchObject({ phoneNumber: '41234567' });
    setItem.mockRestore();
  });
});
