/**
 * For tests: the app's backend as RFC 7636 has it, by hand (the end-to-end tests use a real client
 * library, tests/e2e/support/app-client.ts): a fresh code_verifier, its S256 challenge, the start
 * query, and the token request that goes with them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appRedirectUri } from '../../src/security/app-redirects';

export type AppClient = 'ios' | 'android' | 'test';

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A verifier and the query that starts an authorization with its challenge. */
export function pkceStart(client: AppClient = 'ios', extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({ client, code_challenge: s256(verifier), code_challenge_method: 'S256', ...extra });
  return { verifier, url: `/dev/api/oauth/start?${query}` };
}

/** The form-encoded token request (RFC 6749 §4.1.3) for a code. */
export function tokenRequest(client: AppClient, code: string, verifier: string, overrides: Record<string, string> = {}): RequestInit {
  const fields = { grant_type: 'authorization_code', code, redirect_uri: appRedirectUri(client), client_id: client, code_verifier: verifier, ...overrides };
  return { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
}
