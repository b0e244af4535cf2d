import { EmailVerificationResult } from '../features/email-verification/email-verification-result';

export function Component() {
  return <EmailVerificationResult outcome="done" />;
}
