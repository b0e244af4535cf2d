/** The password-reset calls of SPEC §7. */
import { request, send } from './client';
import { resetStartedSchema } from '../contract/answers';
import type { CodeCheckPayload, FinalResetPayload, ResetStartPayload } from '../contract/requests';
import type { Link } from '../contract/answers';

export function startPasswordReset(
  link: Link,
  phoneNumber: string,
  taxReference: string,
): Promise<{ link: Link[]; maskedEmail?: string; resetsLeft?: unknown }> {
  return request(link.uri, resetStartedSchema, { method: 'POST', body: { phoneNumber, taxReference } satisfies ResetStartPayload, nolog: true });
}

export async function checkResetCode(link: Link, code: string): Promise<void> {
  await send(link.uri, { method: 'POST', body: { code } satisfies CodeCheckPayload, nolog: true });
}

export async function saveNewPassword(link: Link, emailcode: string, smscode: string, password: string): Promise<void> {
  await send(link.uri, { method: 'POST', body: { emailcode, smscode, password: { password } } satisfies FinalResetPayload, nolog: true });
}
