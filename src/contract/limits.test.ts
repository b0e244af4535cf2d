/** The shared numbers hold on both sides: the request schemas and the forms' checks (the emulator's in server/emulator/limits.test.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isValidLoginPassword, isValidNationalId } from '../features/login/validation';
import { loginPasswordMinLength, nationalIdLength, phoneNumberLength } from './limits';
import { resetStartSchema } from './requests';

const digits = (count: number) => '1'.repeat(count);

describe('the numbers the front end and the API share', () => {
  it('national ID and phone number: the reset-start schema and the login form take exactly that many digits', () => {
    const body = (phoneNumber: string, taxReference: string) => v.safeParse(resetStartSchema, { phoneNumber, taxReference }).success;
    expect(body(digits(phoneNumberLength), digits(nationalIdLength))).toBe(true);
    expect(body(digits(phoneNumberLength + 1), digits(nationalIdLength))).toBe(false);
    expect(body(digits(phoneNumberLength), digits(nationalIdLength - 1))).toBe(false);
    expect(isValidNationalId(digits(nationalIdLength))).toBe(true);
    expect(isValidNationalId(digits(nationalIdLength + 1))).toBe(false);
  });

  it('the login password minimum', () => {
    expect(isValidLoginPassword('x'.repeat(loginPasswordMinLength))).toBe(true);
    expect(isValidLoginPassword('x'.repeat(loginPasswordMinLength - 1))).toBe(false);
  });
});
