import { type RootDocumentAnswer, rootDocumentSchema } from '../contract/answers';
import { roles, type Role } from '../contract/api';
import { request } from './client';
import { setCsrfToken } from './headers';
import { apiPaths } from '../config/paths';

export type { Role } from '../contract/api';

/** The root/service document of GET /post/api (SPEC §3, §7), as the contract reads it, with a role the app knows. */
export type RootDocument = Omit<RootDocumentAnswer, 'role'> & { role?: Role };

export async function fetchRoot(signal?: AbortSignal): Promise<RootDocument> {
  const answer = await request(apiPaths.root, rootDocumentSchema, { signal });
  // A role the app does not know is no role it can act on.
  const root: RootDocument = { ...answer, role: roles.find((role) => role === answer.role) };
  setCsrfToken(root.csrfToken);
  return root;
}
