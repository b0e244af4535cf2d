/** For the API modules' tests: a stubbed fetch, fresh for every test, and no CSRF token before or after. */
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { setCsrfToken } from './headers';

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/** Installs the stub around each test of the file; `use` gets each test's mock. */
export function stubFetchForEachTest(use: (mock: FetchMock) => void) {
  beforeEach(() => {
    setCsrfToken(undefined);
    const mock: FetchMock = vi.fn();
    vi.stubGlobal('fetch', mock);
    use(mock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(undefined);
  });
}
