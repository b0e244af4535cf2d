/** The password-strength feature's public file: what other features use of it (docs/architecture.md, import rules). */
export { type CommonPasswordCheck, loadCommonPasswordCheck, loadedCommonPasswordCheck } from './load-common-passwords';
export { checkNewPassword, type PasswordProblem, passwordRules, type RepeatProblem } from './password-rules';
export { StrengthMeter } from './strength-meter';
