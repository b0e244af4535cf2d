/** The mobile app's token calls (SPEC §7). */
import { request } from './client';
import { tokenApprovedSchema, tokenDataSchema, type TokenData } from '../contract/answers';
import type { Link } from './errors';

export type { TokenData } from '../contract/answers';

export const tokenDataUrl = (token: string) => `/post/api/oauth/authorize/tokens/${encodeURIComponent(token)}`;

export function fetchTokenData(token: string): Promise<TokenData> {
  return request(tokenDataUrl(token), tokenDataSchema);
}

export async function approveToken(link: Link): Promise<string> {
  return (await request(link.uri, tokenApprovedSchema, { method: 'POST' })).code;
}
