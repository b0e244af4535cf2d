// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scriptFigures, scriptsFetchedWithin, type NetworkRecord } from './fetched-scripts';

const origin = 'http://localhost:5000';

describe("the bench's JavaScript fetched within 10 s", () => {
  const records: NetworkRecord[] = [
    { url: `${origin}/innlogging/`, resourceType: 'Document', rendererStartTime: 0, statusCode: 200 },
    { url: `${origin}/innlogging/assets/index-a1.js`, resourceType: 'Script', rendererStartTime: 240, statusCode: 200 },
    { url: `${origin}/innlogging/assets/app-a1.css`, resourceType: 'Stylesheet', rendererStartTime: 250, statusCode: 200 },
    // A prefetch is of type Other: its path says what it is.
    { url: `${origin}/innlogging/assets/password-form-b2.js`, resourceType: 'Other', rendererStartTime: 1_300, statusCode: 200 },
    // Loaded by a script of the emulator's, with a query.
    { url: `${origin}/dev/analytics/analytics.js?v=1`, resourceType: 'Script', rendererStartTime: 1_400, statusCode: 200 },
    // The same file fetched again (the prefetch, then the import) counts once.
    { url: `${origin}/innlogging/assets/password-form-b2.js`, resourceType: 'Script', rendererStartTime: 1_500, statusCode: 200 },
    { url: `${origin}/innlogging/assets/missing-c3.js`, resourceType: 'Script', rendererStartTime: 1_600, statusCode: 404 },
    { url: 'data:text/javascript,void 0', resourceType: 'Script', rendererStartTime: 1_700, statusCode: 200 },
    { url: `${origin}/innlogging/assets/at-the-edge-d4.mjs`, resourceType: 'Other', rendererStartTime: 10_000, statusCode: 200 },
    { url: `${origin}/innlogging/assets/too-late-e5.js`, resourceType: 'Script', rendererStartTime: 10_001, statusCode: 200 },
    { url: `${origin}/innlogging/assets/never-started-f6.js`, resourceType: 'Script', statusCode: 200 },
  ];

  it('takes every script started within the window once, prefetches included, and no failed, inline or later one', () => {
    expect(scriptsFetchedWithin(records)).toEqual([
      `${origin}/innlogging/assets/index-a1.js`,
      `${origin}/innlogging/assets/password-form-b2.js`,
      `${origin}/dev/analytics/analytics.js?v=1`,
      `${origin}/innlogging/assets/at-the-edge-d4.mjs`,
    ]);
    expect(scriptsFetchedWithin(records, 1_000)).toEqual([`${origin}/innlogging/assets/index-a1.js`]);
  });

  it('counts them and adds up their bytes as weighed', () => {
    const urls = scriptsFetchedWithin(records);
    expect(scriptFigures(urls, (url) => (url.includes('index') ? 60_000 : 1_000))).toEqual({ count: 4, bytes: 63_000 });
    expect(scriptFigures([], () => 1)).toEqual({ count: 0, bytes: 0 });
  });
});
