/** The sign-in and logout calls of SPEC §7. Call targets come from the root document's links. */
import { send, type Answer } from './client';
import { reportError } from './log';
import { allowedAppRedirect } from '../security/app-redirects';
import { followableLocation } from '../security/redirect-targets';
import type { LoginStartPayload, PasswordLoginPayload } from '../contract/requests';
import { AppError } from './errors';
import type { Link } from '../contract/answers';

export type { LoginStartPayload } from '../contract/requests';
export type AuthenticationType = LoginStartPayload['authenticationType'];

export const missingLocationMessage = 'Mangler signicat-url returnert i location header';

/**
 * The Location header of an identity-provider or logout call, when it is somewhere the browser may go:
 * a page of ours, an https identity provider, or (after a logout from the app) one of the app's own
 * redirect addresses.
 */
function locationToFollow(response: Answer, call: string, missingMessage: string): string {
  const location = response.headers.get('Location');
  if (!location) {
    const error = new AppError(missingMessage, { statusCode: 500 });
    void reportError(error, { call });
    throw error;
  }
  const target = followableLocation(location, window.location.origin) ?? (allowedAppRedirect(location) ? location : null);
  if (target === null) {
    const error = new AppError('Refused to follow a Location header that leaves for somewhere it may not', { statusCode: 500 });
    void reportError(error, { call });
    throw error;
  }
  return target;
}

/** Starts a login at the identity broker: POST the login-start payload, answer where to send the browser. */
export async function startSecureLogin(link: Link, payload: LoginStartPayload): Promise<string> {
  const response = await send(link.uri, { method: 'POST', body: payload });
  return locationToFollow(response, 'login_secure', missingLocationMessage);
}

/**
 * Signs in with the password. `appAuthorization`: the app authorization whose login pages this login
 * is made on (beyond SPEC §3, docs/decisions/019), so its approval needs no "is this you?".
 */
export async function passwordLogin(link: Link, username: string, password: string, appAuthorization?: string): Promise<void> {
  // 403 (wrong password) is an answer the person gets told about, not a fault of ours: not reported.
  // Neither are a 429 (throttled) nor a lost connection; anything else is.
  // Without an app authorization the field is left out (JSON has no undefined).
  const body: PasswordLoginPayload = { username, password, appAuthorization };
  await send(link.uri, { method: 'POST', body, quietStatuses: [403] });
}

/** Logs out through the logout or logout_idp link; answers the Location header (where to go next). */
export async function logoutCall(link: Link, finalDestination?: string): Promise<string> {
  const url = finalDestination ? `${link.uri}?FINAL_DESTINATION=${encodeURIComponent(finalDestination)}` : link.uri;
  const response = await send(url, { method: 'POST' });
  return locationToFollow(response, 'logout', 'Missing Location header in logout response');
}
