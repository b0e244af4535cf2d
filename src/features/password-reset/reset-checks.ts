/**
 * What the reset's action checks before a call, as the backend will (SPEC §5): a step's fields as
 * typed, each answered with the digits to send or the field errors to show. Pure: no call, no React.
 */
import { digitsOf, isDigits, phoneDigitsOf } from '../../contract/api';
import { phoneNumberLength, resetCodeLength } from '../../contract/limits';
import { fieldShown } from '../../errors/fields';
import { passwordProblemTextKey } from '../../errors/password-rules';
import { fieldMessage, isValidNationalId, normaliseNationalId } from '../login';
import { checkNewPassword, loadedCommonPasswordCheck } from '../password-strength';
import { type CodeChannel, type ResetFieldError, resetFieldIds } from './reset-journey';

type Checked<T> = T | { fieldErrors: ResetFieldError[] };

/** Step 1: the mobile number as people write it (spaces, dashes, a leading +47) and the national ID number. */
export function checkIdentity(typedPhone: string, typedId: string): Checked<{ phoneNumber: string; nationalId: string }> {
  const phoneNumber = phoneDigitsOf(typedPhone);
  const nationalId = normaliseNationalId(typedId);
  const fieldErrors: ResetFieldError[] = [];
  const phoneError = fieldMessage(phoneNumber, isDigits(phoneNumber, phoneNumberLength), fieldShown.phone.empty, fieldShown.phone.invalid);
  if (phoneError) fieldErrors.push({ fieldId: resetFieldIds.phoneNumber, text: phoneError });
  const nationalIdError = fieldMessage(nationalId, isValidNationalId(nationalId), fieldShown.nationalId.empty, fieldShown.nationalId.invalid);
  if (nationalIdError) fieldErrors.push({ fieldId: resetFieldIds.nationalId, text: nationalIdError });
  return fieldErrors.length > 0 ? { fieldErrors } : { phoneNumber, nationalId };
}

/** Steps 2 and 3: a code as typed or pasted ("123 456", "123-456": WCAG 2.2 3.3.8, issue #37); the call gets the digits. */
export function checkCode(channel: CodeChannel, typed: string): Checked<{ code: string }> {
  const code = digitsOf(typed);
  const texts = fieldShown[channel === 'email' ? 'emailCode' : 'smsCode'];
  const codeError = fieldMessage(code, isDigits(code, resetCodeLength), texts.empty, texts.invalid);
  if (!codeError) return { code };
  return { fieldErrors: [{ fieldId: channel === 'email' ? resetFieldIds.emailCode : resetFieldIds.smsCode, text: codeError }] };
}

/** Never common, for a check made before the common-password list has come. */
const neverCommon = () => false;

/**
 * Step 4: the new password and its repeat. The common-password list counts if it is here (the strength
 * meter asked for it); it is never waited for: on a slow line Save would seem to do nothing for
 * seconds, and the backend checks the list anyway.
 */
export function checkPassword(password: string, repeat: string): ResetFieldError | null {
  const problem = checkNewPassword(password, repeat, loadedCommonPasswordCheck() ?? neverCommon);
  if (!problem) return null;
  const onRepeat = problem === 'repeat_missing' || problem === 'not_equal';
  return { fieldId: onRepeat ? resetFieldIds.repeat : resetFieldIds.password, text: passwordProblemTextKey(problem) };
}
