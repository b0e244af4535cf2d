import { EmailVerificationResult } from './email-verification-result';

export function Component() {
  return <EmailVerificationResult outcome="failed" />;
}
