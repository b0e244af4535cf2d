import { describe, expect, it } from 'vitest';
import { onlyTheStepChanged, resetHistoryState, searchWithStep, stepFromSearch } from './reset-url';

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

  it("a step is not new data for the host's loader; anything else is", () => {
    const url = (path: string) => new URL(path, 'http://x');
    expect(onlyTheStepChanged({ currentUrl: url('/f'), nextUrl: url('/f?step=phone') })).toBe(true);
    expect(onlyTheStepChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f?step=email-code') })).toBe(true);
    expect(onlyTheStepChanged({ currentUrl: url('/f?step=phone'), nextUrl: url('/f') })).toBe(true);
    expect(onlyTheStepChanged({ currentUrl: url('/f'), nextUrl: url('/f') })).toBe(false);
    expect(onlyTheStepChanged({ currentUrl: url('/f'), nextUrl: url('/g?step=phone') })).toBe(false);
    expect(onlyTheStepChanged({ currentUrl: url('/f?a=1'), nextUrl: url('/f?a=2&step=phone') })).toBe(false);
    expect(onlyTheStepChanged({ currentUrl: url('/f'), nextUrl: url('/f?step=phone'), formMethod: 'POST' })).toBe(false);
  });

  it("reads an entry's wizard state, whatever else is there", () => {
    expect(resetHistoryState({ resetDepth: 2, resetFrom: 'emailCode' })).toEqual({ resetDepth: 2, resetFrom: 'emailCode' });
    expect(resetHistoryState(null)).toEqual({ resetDepth: 0 });
    expect(resetHistoryState({ resetDepth: -1 })).toEqual({ resetDepth: 0 });
    expect(resetHistoryState('x')).toEqual({ resetDepth: 0 });
  });
});
