/** The request schemas take numbers and codes as the forms do (WCAG 2.2 3.3.8, issue #37): the parsed value is the digits alone. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { codeCheckSchema, finalResetSchema, passwordLoginSchema, resetStartSchema } from './requests';

const parsed = <Schema extends v.GenericSchema>(schema: Schema, body: unknown) => {
  const result = v.safeParse(schema, body);
  return result.success ? result.output : null;
};

describe('request schemas: digits as typed or pasted', () => {
  it.each(['123456', '123 456', '123-456', '123\u2013456', '123\u00a0456', ' 123 - 456 '])('a code %o is 123456', (code) => {
    expect(parsed(codeCheckSchema, { code })).toEqual({ code: '123456' });
    const final = parsed(finalResetSchema, { emailcode: code, smscode: code, password: { password: 'x' } });
    expect(final).toMatchObject({ emailcode: '123456', smscode: '123456' });
  });

  it.each(['', ' ', '-', '12a456', '123.456', '123/456'])('a code %o is refused', (code) => {
    expect(parsed(codeCheckSchema, { code })).toBeNull();
  });

  it('the reset start: a phone number with +47 or dashes, the ID number grouped', () => {
    for (const phoneNumber of ['41234567', '412 34 567', '+47 412 34 567', '0047 41234567', '412-34-567']) {
      expect(parsed(resetStartSchema, { phoneNumber, taxReference: '018170 10055' }), phoneNumber).toEqual({
        phoneNumber: '41234567',
        taxReference: '01817010055',
      });
    }
    for (const phoneNumber of ['47 41 23 45 67', '+46 70 123 45 67', '4123456']) {
      expect(parsed(resetStartSchema, { phoneNumber, taxReference: '01817010055' }), phoneNumber).toBeNull();
    }
  });

  it('the login username: 11 digits, spaces or dashes between them', () => {
    expect(parsed(passwordLoginSchema, { username: '018170 10055', password: 'x' })).toMatchObject({ username: '01817010055' });
    expect(parsed(passwordLoginSchema, { username: '018170-10055', password: 'x' })).toMatchObject({ username: '01817010055' });
    expect(parsed(passwordLoginSchema, { username: '018170 1005', password: 'x' })).toBeNull();
  });
});
