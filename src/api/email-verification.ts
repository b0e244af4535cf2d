/** The email-verification call of SPEC §7 (the link in the verification email). */
import { apiPaths } from '../config/paths';
import { send } from './client';

export async function verifyEmail(token: string): Promise<void> {
  await send(apiPaths.emailVerification(token), { method: 'POST', nolog: true });
}
