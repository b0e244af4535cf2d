import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorEvent as SentryErrorEvent } from '@sentry/browser';
import { AppError, markReported } from '../../api/errors';
import { defaultRuntimeConfig, type RuntimeConfig } from '../../config/runtime';
import { itAnswers } from '../../test-support/answers';
import { installErrorReporting, isNetworkFailure, scrub, scrubEvent, sentryOptions, shouldUseSentry } from './error-reporting';

describe('isNetworkFailure', () => {
  itAnswers(isNetworkFailure, '%s is a network failure', [
    ['Failed to fetch', true],
    ['TypeError: Failed to fetch', true],
    ['Uncaught TypeError: failed to fetch', true],
    ['NetworkError when attempting to fetch resource.', true],
    ['The network connection was lost.', true],
    ['Network connection was lost', true],
    ['Load failed', true],
    ['cancelled', true],
    ['Request Cancelled', true],
    ['You are offline', true],
    ['Avbrutt', true],
    ['avbrutt', true],
    ['Tilkoblingen til Internett ser ut til å være frakoblet.', true],
    ['Nettverksforbindelsen ble brutt.', true],
    ['Kunne ikke hente ressursen', true],
    ['NETTVERKSFORBINDELSEN BLE BRUTT', true],
  ]);

  itAnswers(isNetworkFailure, '%s is not a network failure', [
    ['e2e-boom', false],
    ['Cannot read properties of undefined', false],
    ['Mangler signicat-url returnert i location header', false],
    ['Kunne ikke endre passord', false],
    ['offlineMode is not defined', false],
    ['uncancelledThing failed', false],
    ['Failed to fetchFoo', false],
    ['', false],
  ]);

  it('is false for nothing', () => {
    expect(isNetworkFailure(undefined)).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});

describe('scrub', () => {
  itAnswers(scrub, '%s', [
    ['{"nationalId":"x","password":"Sommerfugl-42"}', '{"nationalId":"x","password":"[redacted]"}'],
    ['{"passord": "hemmelig \\"med\\" sitat"}', '{"passord": "[redacted]"}'],
    ['{"newPassword":"abc123"}', '{"newPassword":"[redacted]"}'],
    ['/login?user=a&password=hemmelig&x=1', '/login?user=a&password=[redacted]&x=1'],
    ['/login?passord=hemmelig', '/login?passord=[redacted]'],
    ['Wrong ID 01817010055 given', 'Wrong ID [national-id] given'],
    ['Wrong ID 018170 10055 given', 'Wrong ID [national-id] given'],
    ['id=0 1 8 1 7 0 1 0 0 5 5', 'id=[national-id]'],
    ['{"code":"123456"}', '{"code":"[code]"}'],
    ['{"engangskode": 654321}', '{"engangskode": [code]}'],
    ['otp: 123456', 'otp: [code]'],
    ['/post/api/private/login/mobileLogin/abc.DEF-123?x=1', '/post/api/private/login/mobileLogin/[token]?x=1'],
    ['/innlogging/mobileSuccess/secret-token', '/innlogging/mobileSuccess/[token]'],
    ['/innlogging/mobileSuccessWithIDportenLogout/secret', '/innlogging/mobileSuccessWithIDportenLogout/[token]'],
    ['/cb?code=abc&state=xyz', '/cb?code=[redacted]&state=[redacted]'],
    ['/x?token=abc#frag', '/x?token=[redacted]#frag'],
    ['/loginError?kode=IKKE_AUTORISERT', '/loginError?kode=[redacted]'],
    ['/x?access_token=abc&a=1', '/x?access_token=[redacted]&a=1'],
  ]);

  itAnswers(scrub, 'leaves %s alone', [
    ['e2e-boom', 'e2e-boom'],
    ['HTTP 500 INTERNAL_ERROR: Internal server error', 'HTTP 500 INTERNAL_ERROR: Internal server error'],
    ['at https://www.digipost.no/innlogging/assets/index-abc123.js:1:12345', 'at https://www.digipost.no/innlogging/assets/index-abc123.js:1:12345'],
    ['timestamp 1700000000000', 'timestamp 1700000000000'],
    ['phone 12345678', 'phone 12345678'],
    ['errorCode INVALID', 'errorCode INVALID'],
  ]);
});

describe('shouldUseSentry', () => {
  const production: RuntimeConfig = {
    ...defaultRuntimeConfig,
    environment: 'production',
    publicHost: 'www.digipost.no',
    sentryDsn: 'https://key@sentry.example/1',
  };
  it.each([
    ['production on the public host with a DSN', production, 'www.digipost.no', true],
    ['production on another host', production, 'test.digipost.no', false],
    ['production without a DSN', { ...production, sentryDsn: '' }, 'www.digipost.no', false],
    ['development on the public host', { ...production, environment: 'development' as const }, 'www.digipost.no', false],
    ['test on the public host', { ...production, environment: 'test' as const }, 'www.digipost.no', false],
    ['production on localhost when publicHost is localhost', { ...production, publicHost: 'localhost' }, 'localhost', true],
  ])('%s', (_, config, hostname, expected) => {
    expect(shouldUseSentry(config, hostname)).toBe(expected);
  });
});

describe('sentryOptions', () => {
  const options = sentryOptions({ environment: 'production', sentryDsn: 'https://key@sentry.example/1' });

  it('follows SPEC §9', () => {
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example/1',
      release: '106',
      tracesSampleRate: 0,
      environment: 'production',
      sendDefaultPii: false,
    });
    const ignore = options.ignoreErrors as RegExp[];
    expect(ignore.some((pattern) => pattern.test('Failed to fetch'))).toBe(true);
    expect(ignore.some((pattern) => pattern.test('Nettverksforbindelsen ble brutt'))).toBe(true);
  });

  it('beforeSend scrubs message, exception values, request url and breadcrumbs', () => {
    const event: SentryErrorEvent = {
      type: undefined,
      message: 'ID 01817010055',
      exception: { values: [{ type: 'Error', value: 'bad {"password":"hemmelig"}' }] },
      request: { url: 'https://www.digipost.no/innlogging/mobileSuccess/tok123?code=abc' },
      breadcrumbs: [{ category: 'fetch', data: { url: '/post/api/private/login/mobileLogin/tok456' }, message: 'kode=123456' }],
    };
    const result = scrubEvent(event);
    expect(result?.message).toBe('ID [national-id]');
    expect(result?.exception?.values?.[0].value).toBe('bad {"password":"[redacted]"}');
    expect(result?.request?.url).toBe('https://www.digipost.no/innlogging/mobileSuccess/[token]?code=[redacted]');
    expect(result?.breadcrumbs?.[0].data?.url).toBe('/post/api/private/login/mobileLogin/[token]');
    expect(JSON.stringify(result)).not.toMatch(/01817010055|hemmelig|tok123|tok456|123456/);
    // The original is left alone.
    expect(event.message).toBe('ID 01817010055');
  });

  it('beforeSend drops network failures', () => {
    expect(scrubEvent({ type: undefined, exception: { values: [{ type: 'TypeError', value: 'Failed to fetch' }] } })).toBeNull();
    expect(scrubEvent({ type: undefined, message: 'Load failed' })).toBeNull();
  });
});

describe('installErrorReporting', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let uninstall: () => void;

  beforeEach(() => {
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    uninstall = installErrorReporting({ config: { ...defaultRuntimeConfig, environment: 'development' } });
  });

  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
  });

  function posted() {
    return fetchMock.mock.calls.map(([url, init]) => ({
      url: url as string,
      body: JSON.parse((init as RequestInit).body as string) as { severity: string; message: string; extras: Record<string, unknown> },
    }));
  }

  it('posts message, file, line and column of an uncaught error to the log endpoint', () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        filename: 'https://www.digipost.no/innlogging/assets/index-abc.js',
        lineno: 12,
        colno: 34,
        error: new Error('boom'),
      }),
    );
    expect(posted()).toEqual([
      {
        url: '/post/log/web',
        body: {
          severity: 'ERROR',
          message: 'Uncaught Error: boom',
          sourceApplication: 'innlogging',
          extras: { file: 'https://www.digipost.no/innlogging/assets/index-abc.js', line: 12, column: 34 },
        },
      },
    ]);
  });

  it('scrubs what it posts', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Bad ID 01817010055', filename: '/innlogging/mobileSuccess/secret', lineno: 1, colno: 2 }));
    const [entry] = posted();
    expect(entry.body.message).toBe('Bad ID [national-id]');
    expect(entry.body.extras.file).toBe('/innlogging/mobileSuccess/[token]');
  });

  it('posts the reason of an unhandled rejection', () => {
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected badly'), promise: Promise.resolve() });
    window.dispatchEvent(event);
    expect(posted().map((entry) => entry.body.message)).toEqual(['rejected badly']);
  });

  it('leaves out what shouldReport leaves out: an AppError marked nolog, an error already reported', () => {
    const reportedAlready = new AppError('HTTP 500 SERVER_ERROR', { statusCode: 500, apiError: 'SERVER_ERROR' });
    markReported(reportedAlready);
    for (const reason of [new AppError('HTTP 403', { statusCode: 403, nolog: true }), reportedAlready]) {
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() }));
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts an error once, however often it is seen', () => {
    const reason = new Error('rejected twice');
    for (let seen = 0; seen < 2; seen++) window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() }));
    expect(posted()).toHaveLength(1);
  });

  it.each(['Uncaught TypeError: Failed to fetch', 'Load failed', 'Nettverksforbindelsen ble brutt.', 'avbrutt'])(
    'does not post the network failure %s',
    (message) => {
      window.dispatchEvent(new ErrorEvent('error', { message, filename: 'x.js', lineno: 1, colno: 1 }));
      const event = Object.assign(new Event('unhandledrejection'), { reason: new TypeError(message), promise: Promise.resolve() });
      window.dispatchEvent(event);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('does not load Sentry outside production', async () => {
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sentry'))).toBe(false);
  });
});
