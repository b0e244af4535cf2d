import type { AuthenticationType, LoginStartPayload } from '../../api/login';
import type { Language } from '../../contract/languages';
import { appUrl, privateLoginReturnUrl } from '../../config/paths';
import { pathOf } from '../../screens/screens';

/**
 * The login-start payload of SPEC §3 for a private eID login. Errors come back to loginError in
 * the person's language. Level 4 and password reset elevate the session; a normal login does not.
 */
export function privateLoginStart(language: Language, options: { level?: 3 | 4; elevation?: boolean; returnUrl?: string } = {}): LoginStartPayload {
  const level = options.level ?? 3;
  return {
    authenticationType: `IDPORTEN_NIVAA_${level}` as AuthenticationType,
    authenticationRole: 'PRIVATE',
    returnUrl: options.returnUrl ?? privateLoginReturnUrl,
    returnUrlError: appUrl(language, pathOf('loginError')),
    solvency: false,
    elevation: options.elevation ?? level === 4,
    language,
  };
}
