import { afterEach, describe, expect, it, vi } from 'vitest';

const wanted = vi.hoisted(() => ({ offer: true, conditionalCreate: true }));
vi.mock('./offer', () => ({ passkeyOfferWanted: () => wanted.offer, conditionalCreateAvailable: async () => wanted.conditionalCreate }));
// A deploy since the page came: the upgrade's file is gone.
vi.mock('./upgrade', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /innlogging/assets/upgrade-abc123.js');
});

const { passkeyAfterPassword } = await import('./passkey-login-action');
const root = { csrfToken: 'before', link: [] };

describe('after a password sign-in (issue #51)', () => {
  afterEach(() => {
    wanted.offer = true;
    wanted.conditionalCreate = true;
  });

  it('the upgrade’s code failing to load is the offer, never an error after a right password', async () => {
    expect(await passkeyAfterPassword(root)).toBe('offer');
  });

  it('no upgrade where the browser cannot create silently (its code is not even loaded): the offer', async () => {
    wanted.conditionalCreate = false;
    expect(await passkeyAfterPassword(root)).toBe('offer');
  });

  it('no offer wanted ("not now" within 30 days, no WebAuthn, no links): the mailbox, with no upgrade', async () => {
    wanted.offer = false;
    expect(await passkeyAfterPassword(root)).toBe('mailbox');
  });
});
