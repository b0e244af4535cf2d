/** The email-verification call of SPEC §7 (the link in the verification email). */
import { send } from './client';

export const emailVerificationUrl = (token: string) => `/post/api/private/emailVerification/${encodeURIComponent(token)}`;

export async function verifyEmail(token: string): Promise<void> {
  await send(emailVerificationUrl(token), { method: 'POST', nolog: true });
}
