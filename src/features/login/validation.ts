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
