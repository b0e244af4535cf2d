/**
 * The login error screen's messages (SPEC §8). The code from the URL only selects a text here: it is
 * never shown itself.
 */
import { loginErrorCodes } from '../../contract/api';
import type { TextKey } from '../../i18n/nb';

export type LoginErrorVariant = 'loginError' | 'loginFailed';

export interface LoginErrorMessage {
  body: TextKey;
  /** The business failure variant with no business access also offers business registration. */
  registerBusiness: boolean;
}

/** Every kode of the contract's error returns, exhaustively; any other (or none) is SPEC §8's generic text. */
export function loginErrorMessage(variant: LoginErrorVariant, code: string | null): LoginErrorMessage {
  const known = loginErrorCodes.find((candidate) => candidate === code);
  if (known === undefined) return { body: 'login_error.generic', registerBusiness: false };
  switch (known) {
    case 'IKKE_AUTORISERT':
      return variant === 'loginFailed'
        ? { body: 'login_error.no_business_access', registerBusiness: true }
        : { body: 'login_error.not_registered', registerBusiness: false };
    case 'KONTO_SUSPENDERT':
      return { body: 'login_error.account_suspended', registerBusiness: false };
    default:
      return known satisfies never;
  }
}

/** kode takes precedence over idpErrorCode (the identity provider's own code). */
export function loginErrorCode(search: URLSearchParams): string | null {
  return search.get('kode') ?? search.get('idpErrorCode');
}
