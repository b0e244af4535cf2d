/**
 * The error catalogue's part for a new password's rules (shown.ts), at the field they are about: the
 * browser's own check (features/password-strength/password-rules.ts) and the backend's answer naming a
 * rule (reset.ts passwordRuleText) say the same words.
 */
import type { PasswordProblem, RepeatProblem } from '../contract/api';
import type { TextKey } from '../i18n/nb';

/** The text key of each problem: `password.${problem}` (a problem without a text does not compile). */
export function passwordProblemTextKey(problem: PasswordProblem | RepeatProblem): TextKey {
  return `password.${problem}`;
}
