import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootDocument } from '../../api/root';
import { passkeyOfferSnoozeDays } from '../../config/limits';
import { offerDeclinedKey, passkeyOfferWanted, rememberOfferDeclined } from './offer';
import { offersPasskeySignIn } from './support';

const link = (name: string) => ({ rel: `/post/api/relations/${name}`, uri: `/post/api/${name}` });
const withPasskeys: RootDocument = { link: ['passkey_login_options', 'passkey_login', 'passkey_register_options', 'passkeys'].map(link) };
const withoutPasskeys: RootDocument = { link: [link('login_password')] };
const day = 86_400_000;

describe('whether a page offers passkeys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('never in a browser without WebAuthn (jsdom has none), whatever the backend', () => {
    expect(offersPasskeySignIn(withPasskeys)).toBe(false);
    expect(passkeyOfferWanted(withPasskeys)).toBe(false);
  });

  it('never with a backend without the passkey links', () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    expect(offersPasskeySignIn(withoutPasskeys)).toBe(false);
    expect(passkeyOfferWanted(withoutPasskeys)).toBe(false);
    expect(offersPasskeySignIn(withPasskeys)).toBe(true);
  });

  it(`offers again ${passkeyOfferSnoozeDays} days after "not now" in this browser, not before`, () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const now = Date.UTC(2026, 10, 27);
    expect(passkeyOfferWanted(withPasskeys, now)).toBe(true);
    rememberOfferDeclined(now);
    expect(Number(localStorage.getItem(offerDeclinedKey))).toBe(now);
    expect(passkeyOfferWanted(withPasskeys, now + (passkeyOfferSnoozeDays - 1) * day)).toBe(false);
    expect(passkeyOfferWanted(withPasskeys, now + passkeyOfferSnoozeDays * day)).toBe(true);
  });
});
