/**
 * The login roles as they go on the wire (SPEC §3, §7). The spec reads VIRKSOMHET both as
 * "CORPORATION" and as written; the identity-broker redirect (login_idp) carries rolle=VIRKSOMHET
 * and rolle=ADMIN, and that is the one call these roles use (docs/decisions/007).
 */
export const loginRoles = {
  ADMIN: 'ADMIN',
  VIRKSOMHET: 'VIRKSOMHET',
} as const;

export type LoginRole = keyof typeof loginRoles;

/** The broker's login methods offered on the business and admin cards. */
export const brokerMethods = ['bankid', 'buypass'] as const;
export type BrokerMethod = (typeof brokerMethods)[number];
