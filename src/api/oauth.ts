/** The mobile app's token calls (SPEC §7). */
import { request } from './client';
import type { Link } from './errors';

export interface TokenData {
  redirectUri: string;
  state: string;
  link?: Link[];
}

export const tokenDataUrl = (token: string) => `/post/api/oauth/authorize/tokens/${encodeURIComponent(token)}`;

export function fetchTokenData(token: string): Promise<TokenData> {
  return request<TokenData>(tokenDataUrl(token));
}

export async function approveToken(link: Link): Promise<string> {
  const answer = await request<{ code?: string }>(link.uri, { method: 'POST' });
  if (!answer?.code) throw new Error('The token approval had no code');
  return answer.code;
}
