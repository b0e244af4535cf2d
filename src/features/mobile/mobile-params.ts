/** The mobile routes' URL parameters (SPEC §5): required, and only the values they may have. */
import { AppError } from '../../api/errors';

export type IdportenLevel = 'idporten3' | 'idporten4';

export function requireToken(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{8,128}$/.test(value)) throw new AppError('Missing or invalid token in the mobile login URL', { statusCode: 400 });
  return value;
}

export function requireIdportenLevel(value: string | undefined): IdportenLevel {
  if (value !== 'idporten3' && value !== 'idporten4') {
    throw new AppError('Missing or invalid idportenLevel in the mobile login URL (idporten3 or idporten4)', { statusCode: 400 });
  }
  return value;
}

export function requireRedirectUrl(value: string | undefined): string {
  if (!value) throw new AppError('Missing redirectUrl in the mobile URL', { statusCode: 400 });
  return value;
}

/** The app's redirect URI with the authorization code and state added. */
export function withCodeAndState(redirectUri: string, code: string, state: string): string {
  const [withoutFragment, fragment] = redirectUri.split('#', 2);
  const separator = withoutFragment.includes('?') ? '&' : '?';
  const query = `code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
  return `${withoutFragment}${separator}${query}${fragment === undefined ? '' : `#${fragment}`}`;
}
