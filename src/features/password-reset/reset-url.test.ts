import { describe, expect, it } from 'vitest';
import { isResetCall, resetChanged, searchWithStep, stepFromSearch } from './reset-url';

describe("the reset wizard's step in the URL (decision 017)", () => {
  it('reads and writes the step, other parameters kept', () => {
    expect(stepFromSearch('?step=email-code')).toBe('emailCode');
    expect(stepFromSearch('?a=1&step=new-password')).toBe('newPassword');
    expect(stepFromSearch('?step=emailCode')).toBeNull();
    expect(stepFromSearch('')).toBeNull();
    expect(searchWithStep('?a=1', 'smsCode')).toBe('?a=1&step=sms-code');
    expect(searchWithStep('?a=1&step=phone', null)).toBe('?a=1');
    expect(searchWithStep('?step=phone', null)).toBe('');
    expect(searchWithStep('', 'identify')).toBe('?step=phone');
  });

  it("a new step, or a wizard's form, is data for the host's loader; the same step is not", () => {
    const url = (path: string) => new URL(path, 'http://x');
    const form = (intent: string) => {
      const data = new FormData();
      data.set('intent', intent);
      return data;
    };
    expect(resetChanged({ currentUrl: url('/f'), nextUrl: url('/f?step=phone') })).toBe(true);
    expect(resetChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f?step=email-code') })).toBe(true);
    expect(resetChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f') })).toBe(true);
    expect(resetChanged({ currentUrl: url('/f'), nextUrl: url('/f') })).toBe(false);
    expect(resetChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f?step=phone&a=1') })).toBe(false);
    expect(resetChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f?step=phone'), formData: form('reset-submit') })).toBe(true);
    expect(resetChanged({ currentUrl: url('/f'), nextUrl: url('/f'), formData: form('passkey') })).toBe(false);
    expect(isResetCall(form('reset-resend'))).toBe(true);
    expect(isResetCall(undefined)).toBe(false);
  });
});
