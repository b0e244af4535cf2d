import { limits } from '../../config/limits';

/** Spaces are allowed while typing (people group the digits); they are not part of the number. */
export function normaliseNationalId(value: string): string {
  return value.replace(/\s/g, '');
}

export function isValidNationalId(value: string): boolean {
  return new RegExp(`^\\d{${limits.nationalIdLength}}$`).test(normaliseNationalId(value));
}

export function isValidLoginPassword(value: string): boolean {
  return value.length >= limits.loginPasswordMinLength;
}
