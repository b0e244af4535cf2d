import { digitsOf, isDigits } from '../../contract/api';
import { loginPasswordMinLength, nationalIdLength } from '../../contract/limits';

/** Spaces are allowed while typing (people group the digits); they are not part of the number. */
export const normaliseNationalId = digitsOf;

/** The rule the API's schema holds the number to as well (contract/requests.ts). */
export function isValidNationalId(value: string): boolean {
  return isDigits(value, nationalIdLength);
}

export function isValidLoginPassword(value: string): boolean {
  return value.length >= loginPasswordMinLength;
}

/**
 * A field's message: `empty` when nothing is typed ("Skriv inn fødselsnummeret ditt": the person has
 * not got it wrong, only not yet written it), `invalid` when what is typed fails the rule, none when it
 * passes. `value` as the rule reads it (spaces of a number removed).
 */
export function fieldMessage<Message extends string>(value: string, valid: boolean, empty: Message, invalid: Message): Message | undefined {
  if (value === '') return empty;
  return valid ? undefined : invalid;
}
