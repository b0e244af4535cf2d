/** The mobile app's token calls (SPEC §7, and the binding of docs/decisions/019). */
import { apiPaths } from '../config/paths';
import { request, send } from './client';
import { tokenApprovedSchema, tokenDataSchema, type TokenData } from '../contract/answers';
import type { Link } from '../contract/answers';

export type { TokenData } from '../contract/answers';

/**
 * Binds the app's authorization to this browser (beyond SPEC §7, docs/decisions/019): the first call
 * of every mobileLogin page. Only this browser may then read the token's data and approve it; a token
 * another browser bound fails here (409), before anyone signs in.
 */
export async function bindToBrowser(token: string): Promise<void> {
  await send(`${apiPaths.tokenData(token)}/bind`, { method: 'POST' });
}

export function fetchTokenData(token: string): Promise<TokenData> {
  return request(apiPaths.tokenData(token), tokenDataSchema);
}

/** Approves; `consent` says the person said yes to the question the token's data asked (decision 019). */
export async function approveToken(link: Link, consent = false): Promise<string> {
  return (await request(link.uri, tokenApprovedSchema, { method: 'POST', body: consent ? { consent: true } : undefined })).code;
}
