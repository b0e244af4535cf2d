/**
 * The error catalogue's part for an identity provider's error return (shown.ts): the login error
 * screen's messages (SPEC §8, docs/decisions/012). The code from the URL only selects a text here: it
 * is never shown itself.
 */
import { idpErrorCodes, loginErrorCodes } from '../contract/api';
import type { TextKey } from '../i18n/nb';

export type LoginErrorVariant = 'loginError' | 'loginFailed';

/**
 * Whose sign-in came back: loginError is the private eID login's error return (decision 004),
 * innloggingFeilet the identity broker's, with rolle=ADMIN when the admin entry started it.
 */
export type LoginAudience = 'private' | 'business' | 'admin';

export interface LoginErrorMessage {
  title: TextKey;
  heading: TextKey;
  body: TextKey;
  /** Someone with an eID but no account of this kind goes on to registration. */
  register: 'person' | 'business' | null;
}

const failed = { title: 'login_error.title', heading: 'login_error.heading' } as const;

/** Every kode and idpErrorCode of the contract, exhaustively; any other (or none) is SPEC §8's generic text. */
export function loginErrorMessage(audience: LoginAudience, code: string | null): LoginErrorMessage {
  const known = [...loginErrorCodes, ...idpErrorCodes].find((candidate) => candidate === code);
  if (known === undefined) return { ...failed, body: 'login_error.generic', register: null };
  switch (known) {
    case 'AVBRUTT_AV_BRUKER':
      // Not an error: the person chose to stop. Calm, and the way back.
      return { title: 'login_error.cancelled_heading', heading: 'login_error.cancelled_heading', body: 'login_error.cancelled', register: null };
    case 'IKKE_AUTORISERT':
      if (audience === 'admin') return { ...failed, body: 'login_error.no_admin_access', register: null };
      return audience === 'business'
        ? { ...failed, body: 'login_error.no_business_access', register: 'business' }
        : { ...failed, body: 'login_error.not_registered', register: 'person' };
    case 'KONTO_SUSPENDERT':
      // The same words as the password form's warning for a suspended account (password-login.ts).
      return { ...failed, body: 'account.suspended', register: null };
    default:
      return known satisfies never;
  }
}

/** kode takes precedence over idpErrorCode (the identity provider's own code). */
export function loginErrorCode(search: URLSearchParams): string | null {
  return search.get('kode') ?? search.get('idpErrorCode');
}

/** The admin entry's error return says rolle=ADMIN (config/paths.ts loginIdpUrl). */
export function loginAudience(variant: LoginErrorVariant, search: URLSearchParams): LoginAudience {
  if (variant === 'loginError') return 'private';
  return search.get('rolle') === 'ADMIN' ? 'admin' : 'business';
}
