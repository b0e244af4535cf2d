/**
 * The Digipost app's backend, played by a maintained OAuth client library (oauth4webapi) as a real app
 * would use it against the emulator (issue #20, docs/decisions/019): PKCE S256 verifier and challenge,
 * the app's own state, the start, the redirect's validation, and the code exchange at the standard
 * token endpoint. No token request is written by hand here.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { appRedirectUri } from '../../../src/security/app-redirects';
import { expect } from './fixtures';

export type AppClientName = 'ios' | 'android' | 'test';

export interface AppLogin {
  client: AppClientName;
  token: string;
  state: string;
  verifier: string;
  loginUrl: string;
  passwordLoginUrl: string;
}

/** The emulator as the authorization server the library talks to (http on loopback). */
function authorizationServer(origin: string): oauth.AuthorizationServer {
  return { issuer: origin, token_endpoint: `${origin}/post/api/oauth/token`, code_challenge_methods_supported: ['S256'] };
}

/** Starts an app login the way the app's backend does: its verifier, S256 challenge and state. */
export async function startAppLogin(request: APIRequestContext, client: AppClientName = 'ios'): Promise<AppLogin> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const query = new URLSearchParams({
    client,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const response = await request.get(`/dev/api/oauth/start?${query}`);
  expect(response.status()).toBe(201);
  const started = (await response.json()) as { token: string; state: string; loginUrl: string; passwordLoginUrl: string };
  expect(started.state).toBe(state);
  return { client, verifier, ...started };
}

/** The prefix of the app's redirect URI: the browser's navigation there is the app being opened. */
export const appPrefix = (client: AppClientName) => appRedirectUri(client);

/** Waits for the browser to go to the app: answers the full redirect URL it asked for. */
export function appRedirect(page: Page, client: AppClientName): Promise<string> {
  return page.waitForRequest((request) => request.url().startsWith(appPrefix(client))).then((request) => request.url());
}

/**
 * What the app does with the redirect: validates it against its state (oauth4webapi refuses another
 * state, an error answer, a missing code), then exchanges the code with its verifier. Answers the
 * token response (with the emulator's `person`: who signed in).
 */
export async function finishAppLogin(origin: string, login: AppLogin, redirectUrl: string) {
  const as = authorizationServer(origin);
  const client: oauth.Client = { client_id: login.client };
  const callback = oauth.validateAuthResponse(as, client, new URL(redirectUrl), login.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, appRedirectUri(login.client), login.verifier, {
    [oauth.allowInsecureRequests]: true,
  });
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await oauth.processAuthorizationCodeResponse(as, client, response)) as oauth.TokenEndpointResponse & { person?: string };
}

/** The same exchange once more, as a replay would: the library's error for the refusal (invalid_grant). */
export async function replayAppLogin(origin: string, login: AppLogin, redirectUrl: string): Promise<string> {
  try {
    await finishAppLogin(origin, login, redirectUrl);
    return 'accepted';
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error;
    throw error;
  }
}

/**
 * A screen's sample path, with a real authorization's token for the app's login pages, which bind
 * their token before anything else (a sample token the backend does not know is the error screen).
 */
export async function withAppToken(request: APIRequestContext, path: string): Promise<string> {
  if (!path.startsWith('/mobileLogin/')) return path;
  const { token } = await startAppLogin(request);
  return path.replace(/^\/mobileLogin\/[^/]+/, `/mobileLogin/${token}`);
}
