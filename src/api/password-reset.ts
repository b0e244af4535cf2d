/** The password-reset and email-verification calls of SPEC §7. */
import { request } from './client';
import type { CodeCheckPayload, FinalResetPayload, ResetStartPayload } from '../contract/schemas';
import type { Link } from './errors';

export interface ResetStarted {
  link: Link[];
}

export function startPasswordReset(link: Link, phoneNumber: string, taxReference: string): Promise<ResetStarted> {
  return request<ResetStarted>(link.uri, { method: 'POST', body: { phoneNumber, taxReference } satisfies ResetStartPayload, nolog: true });
}

export async function checkResetCode(link: Link, code: string): Promise<void> {
  await request(link.uri, { method: 'POST', body: { code } satisfies CodeCheckPayload, nolog: true });
}

export async function saveNewPassword(link: Link, emailcode: string, smscode: string, password: string): Promise<void> {
  await request(link.uri, { method: 'POST', body: { emailcode, smscode, password: { password } } satisfies FinalResetPayload, nolog: true });
}

export const emailVerificationUrl = (token: string) => `/post/api/private/emailVerification/${encodeURIComponent(token)}`;

export async function verifyEmail(token: string): Promise<void> {
  await request(emailVerificationUrl(token), { method: 'POST', nolog: true });
}
