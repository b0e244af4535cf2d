// A Vitest reporter that writes the names of the tests that passed only on a retry (CI retries a failed unit test
// once, as Playwright does) to the file in UNIT_FLAKY_JSON, so `npm test` names them beside the flaky end-to-end
// tests instead of hiding them.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class UnitFlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky) testCase.module && this.flaky.push(`${testCase.module.relativeModuleId} › ${testCase.fullName}`);
  }

  onTestRunEnd() {
    const file = process.env.UNIT_FLAKY_JSON;
    if (file) writeFileSync(file, JSON.stringify(this.flaky));
  }
}
