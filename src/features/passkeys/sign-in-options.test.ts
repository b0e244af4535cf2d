/**
 * The sign-in options the private login holds (issue #48): asked for once, handed out while their
 * challenge can still be answered, and asked for again when it is answered, too old (a page left open,
 * on a fake clock), another session's, or when the last request failed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootDocument } from '../../api/root';
import { passkeyChallengeLifetimeMinutes } from '../../contract/limits';

let asked = 0;
vi.mock('./passkey-calls', () => ({
  loginOptions: vi.fn(async () => ({ challenge: `challenge-${++asked}`, rpId: 'localhost', userVerification: 'required' })),
}));

import { loginOptions } from './passkey-calls';
import { signInOptions, signInOptionsSettled, signInOptionsUsableMs, spendSignInOptions } from './sign-in-options';

const root = { link: [], csrfToken: 'session-a' } as unknown as RootDocument;
const minute = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
  spendSignInOptions();
  vi.mocked(loginOptions).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

const challengeOf = async (options: ReturnType<typeof signInOptions>) => (await options).challenge;

describe('the private login’s passkey sign-in options', () => {
  it('are asked for once, and the same are handed out while their challenge can be answered', async () => {
    const first = signInOptions(root);
    vi.advanceTimersByTime(signInOptionsUsableMs - 1);
    expect(signInOptions(root)).toBe(first);
    expect(loginOptions).toHaveBeenCalledTimes(1);
  });

  it('leave the dialog at least half the challenge’s life', () => {
    expect(signInOptionsUsableMs).toBeLessThanOrEqual((passkeyChallengeLifetimeMinutes * minute) / 2);
  });

  it('are asked for again on a page left open past the challenge’s life, and those are the ones handed out', async () => {
    const first = await challengeOf(signInOptions(root));
    vi.advanceTimersByTime((passkeyChallengeLifetimeMinutes + 1) * minute);
    const next = await challengeOf(signInOptions(root));
    expect(next).not.toBe(first);
    expect(loginOptions).toHaveBeenCalledTimes(2);
    expect(await challengeOf(signInOptions(root))).toBe(next);
  });

  it('are asked for again once half the challenge’s life has passed', () => {
    const first = signInOptions(root);
    vi.advanceTimersByTime(signInOptionsUsableMs);
    expect(signInOptions(root)).not.toBe(first);
  });

  it('are asked for again once their challenge is answered', () => {
    const first = signInOptions(root);
    spendSignInOptions();
    expect(signInOptions(root)).not.toBe(first);
    expect(loginOptions).toHaveBeenCalledTimes(2);
  });

  it('are asked for again for another session (a challenge is bound to its session)', () => {
    const first = signInOptions(root);
    expect(signInOptions({ ...root, csrfToken: 'session-b' })).not.toBe(first);
  });

  it('are asked for again when the clock was moved back (a time in the future has no age)', () => {
    const first = signInOptions(root);
    vi.setSystemTime(Date.now() - minute);
    expect(signInOptions(root)).not.toBe(first);
  });

  it('are not kept when asking failed: the next asks again', async () => {
    vi.mocked(loginOptions).mockRejectedValueOnce(new Error('Network error'));
    await expect(signInOptions(root)).rejects.toThrow('Network error');
    expect(await challengeOf(signInOptions(root))).toMatch(/^challenge-/);
    expect(loginOptions).toHaveBeenCalledTimes(2);
  });
});

// A password sign-in starts a new session: it waits for the options' request on its way, whichever asked
// it (the page's load, or the autofill asking again for options too old or spent), or the request would
// reach the backend with the old session's CSRF token.
describe('before a password sign-in', () => {
  it('waits for the options’ request on its way, the last one asked, and for nothing once none is', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(loginOptions).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    signInOptions(root);
    let settled = false;
    void signInOptionsSettled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false);
    answer({ challenge: 'late', rpId: 'localhost', userVerification: 'required' });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    // Spent, then asked again (the autofill's next round): that request is the one waited for.
    spendSignInOptions();
    vi.mocked(loginOptions).mockImplementationOnce(() => new Promise(() => {}) as never);
    signInOptions(root);
    let again = false;
    void signInOptionsSettled().then(() => (again = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(again).toBe(false);
    // A request that never answers holds the sign-in 2 s at most.
    await vi.advanceTimersByTimeAsync(1);
    expect(again).toBe(true);
    spendSignInOptions();
    await expect(signInOptionsSettled()).resolves.toBeUndefined();
  });

  it('a failed request is waited for as answered', async () => {
    vi.mocked(loginOptions).mockRejectedValueOnce(new Error('offline'));
    signInOptions(root).catch(() => {});
    await expect(signInOptionsSettled()).resolves.toBeUndefined();
  });
});
