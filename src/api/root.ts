import { request, setCsrfToken } from './client';
import type { Link } from './errors';

export type Role = 'PRIVAT' | 'VIRKSOMHET' | 'ADMIN' | 'REGISTRERING';

/** The root/service document of GET /post/api (SPEC §3, §7). */
export interface RootDocument {
  link: Link[];
  role?: Role;
  csrfToken?: string;
  authenticationlevelIdporten?: number;
}

export const rootUrl = '/post/api';

export async function fetchRoot(signal?: AbortSignal): Promise<RootDocument> {
  const root = await request<RootDocument>(rootUrl, { signal });
  setCsrfToken(root.csrfToken);
  return root;
}
