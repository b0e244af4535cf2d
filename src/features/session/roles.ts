/**
 * Which kind of account a session is, and what a login page does about it (SPEC §2, §4, §6).
 */
import type { RootDocument, Role } from '../../api/root';
import { roleHomes } from '../../config/paths';

export type AccountKind = 'PRIVAT' | 'VIRKSOMHET';

const highEidLevels = new Set([103, 104]);

/** REGISTRERING counts as private with eID level 103 or 104, otherwise as business. */
export function accountKind(role: Role, authenticationLevel?: number): AccountKind | 'ADMIN' {
  if (role === 'REGISTRERING') return authenticationLevel !== undefined && highEidLevels.has(authenticationLevel) ? 'PRIVAT' : 'VIRKSOMHET';
  return role;
}

export function roleHome(role: Role, authenticationLevel?: number): string {
  const kind = accountKind(role, authenticationLevel);
  return roleHomes[kind];
}

export type RoleDecision = { kind: 'stay' } | { kind: 'wrong-role'; signedInAs: AccountKind } | { kind: 'redirect'; to: string };

/**
 * On a login page for `page`:
 * - nobody signed in, or someone mid-registration of this page's kind: stay, they may sign in here;
 * - signed in as the other kind of account: the wrong-role dialog (log out first, or stay signed in);
 * - otherwise (already signed in as this kind, or as admin): on to the role's home.
 */
export function decideRole(page: AccountKind, root: Pick<RootDocument, 'role' | 'authenticationlevelIdporten'>): RoleDecision {
  const { role, authenticationlevelIdporten: level } = root;
  if (!role) return { kind: 'stay' };
  const kind = accountKind(role, level);
  if (role === 'REGISTRERING' && kind === page) return { kind: 'stay' };
  if (kind !== 'ADMIN' && kind !== page) return { kind: 'wrong-role', signedInAs: kind };
  return { kind: 'redirect', to: roleHome(role, level) };
}
