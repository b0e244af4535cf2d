import { describe, expect, it } from 'vitest';
import { inactivityTimeoutMinutes, resetCodeTries } from '../../src/contract/limits';
import { defaultLimits } from './limits';

describe("the emulator's defaults of the numbers it shares with the front end (src/contract/limits.ts)", () => {
  it('the reset code tries and the inactivity timeout', () => {
    expect(defaultLimits.maxWrongCodes).toBe(resetCodeTries);
    expect(defaultLimits.sessionIdleMs).toBe(inactivityTimeoutMinutes * 60_000);
  });
});
