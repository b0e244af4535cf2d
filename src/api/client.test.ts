import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse, request, send, setSessionRenewer } from './client';
import { checkAdminAccess } from './admin';
import { apiHeaders, apiMediaType, getCsrfToken, setCsrfToken } from './headers';
import { logEndpoint } from './log';
import { AppError, isAppError } from './errors';
import { findLink, relName } from './links';
import { apiPaths } from '../config/paths';
import { fetchRoot } from './root';
import { stubFetchForEachTest, type FetchMock } from './test-fetch';
import { itAnswers } from '../test-support/answers';

let fetchMock: FetchMock;

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': apiMediaType, ...init.headers },
  });
}

function text(body: string, init: ResponseInit = {}) {
  return new Response(body, { ...init, headers: { 'Content-Type': 'text/plain', ...init.headers } });
}

/** Answers the log endpoint with 204 and every other URL from `answer`. */
function answerWith(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === logEndpoint) return new Response(null, { status: 204 });
    return answer(url, init);
  });
}

function callsTo(url: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input) === url);
}

function logCalls() {
  return callsTo(logEndpoint);
}

function logBodies() {
  return logCalls().map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** Lets the fire-and-forget log POST happen. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

async function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the promise to reject');
}

stubFetchForEachTest((mock) => {
  fetchMock = mock;
});

afterEach(() => {
  vi.useRealTimers();
  setSessionRenewer(undefined);
});

describe('apiHeaders', () => {
  it('asks for the v2 JSON media type and marks the request as XHR', () => {
    const headers = apiHeaders(false);
    expect(headers.get('Accept')).toBe('application/vnd.digipost-v2+json');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('X-CSRF-TOKEN')).toBe(false);
  });

  it('sets Content-Type for a body and the CSRF token when there is one', () => {
    setCsrfToken('token-123');
    const headers = apiHeaders(true);
    expect(headers.get('Content-Type')).toBe('application/vnd.digipost-v2+json');
    expect(headers.get('X-CSRF-TOKEN')).toBe('token-123');
  });
});

describe('send', () => {
  it('sends a GET with the API headers, same-origin credentials and no body', async () => {
    answerWith(() => json({}));

    const response = await send('/post/api/thing');

    expect(response.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/post/api/thing');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.redirect).toBe('follow');
    expect(init?.body).toBeUndefined();
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe(apiMediaType);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('X-CSRF-TOKEN')).toBe(false);
  });

  it('sends a body as JSON with Content-Type and the CSRF token once set', async () => {
    answerWith(() => new Response(null, { status: 204 }));
    setCsrfToken('csrf-abc');

    await send('/post/api/login', { method: 'POST', body: { username: 'kari', remember: true } });

    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"kari","remember":true}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe(apiMediaType);
    expect(headers.get('Accept')).toBe(apiMediaType);
    expect(headers.get('X-CSRF-TOKEN')).toBe('csrf-abc');
  });

  it('stops sending the CSRF token once it is cleared', async () => {
    answerWith(() => json({}));
    setCsrfToken('csrf-abc');
    await send('/a');
    setCsrfToken(undefined);
    await send('/b');

    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('X-CSRF-TOKEN')).toBe('csrf-abc');
    expect(new Headers(fetchMock.mock.calls[1][1]?.headers).has('X-CSRF-TOKEN')).toBe(false);
  });

  it('does not follow redirects with manualRedirect and returns the redirect answer', async () => {
    answerWith(() => new Response(null, { status: 302, headers: { Location: '/idp/start' } }));

    const response = await send('/post/api/idporten', { manualRedirect: true });

    expect(fetchMock.mock.calls[0][1]?.redirect).toBe('manual');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/idp/start');
    await settle();
    expect(logCalls()).toHaveLength(0);
  });

  // An unread body holds its connection: in Chromium the admin page's access check never finished,
  // and the page never reached network idle.
  it('reads every answer to its end, also where only the status counts (the admin access check)', async () => {
    const answers: Response[] = [];
    answerWith(() => {
      answers.push(json({ granted: true }));
      return answers.at(-1)!;
    });

    expect(await checkAdminAccess()).toBe(true);
    await send('/post/api/thing');
    await send('/post/api/idporten', { method: 'POST', manualRedirect: true });

    expect(answers).toHaveLength(3);
    expect(answers.map((answer) => answer.bodyUsed)).toEqual([true, true, true]);
  });

  it('passes the abort signal on', async () => {
    answerWith(() => json({}));
    const controller = new AbortController();

    await send('/x', { signal: controller.signal });

    expect(fetchMock.mock.calls[0][1]?.signal).toBe(controller.signal);
  });

  it('turns a JSON error body into AppError with code, message and links', async () => {
    const link = [{ rel: '/post/api/relations/login_password', uri: '/post/api/login' }];
    answerWith(() => json({ 'error-code': 'NOT_AUTHORIZED', 'error-message': 'Wrong password', link }, { status: 401 }));

    const error = await rejectionOf(send('/post/api/login', { method: 'POST', body: {} }));

    expect(isAppError(error)).toBe(true);
    expect(error.statusCode).toBe(401);
    expect(error.apiError).toBe('NOT_AUTHORIZED');
    expect(error.apiErrorMessage).toBe('Wrong password');
    expect(error.link).toEqual(link);
    expect(error.message).toBe('HTTP 401 NOT_AUTHORIZED: Wrong password');
    expect(error.nolog).toBe(false);
    expect(error.isApiError).toBe(true);
  });

  it('turns a plain-text error body into AppError with the text as message', async () => {
    answerWith(() => text('  Service Unavailable \n', { status: 503 }));

    const error = await rejectionOf(send('/post/api/thing'));

    expect(error.statusCode).toBe(503);
    expect(error.apiError).toBeUndefined();
    expect(error.apiErrorMessage).toBe('Service Unavailable');
    expect(error.message).toBe('HTTP 503: Service Unavailable');
    expect(error.link).toEqual([]);
    expect(error.isApiError).toBe(true);
  });

  it('turns an empty error body into AppError with only the status', async () => {
    answerWith(() => new Response(null, { status: 500 }));

    const error = await rejectionOf(send('/post/api/thing'));

    expect(error.statusCode).toBe(500);
    expect(error.message).toBe('HTTP 500');
    expect(error.apiErrorMessage).toBeUndefined();
    expect(error.isApiError).toBe(false);
  });

  it('reports a failure to the log endpoint', async () => {
    answerWith(() => json({ 'error-code': 'SERVER_ERROR', 'error-message': 'Boom' }, { status: 500 }));
    setCsrfToken('csrf-log');

    await rejectionOf(send('/post/api/thing', { method: 'PUT', body: { a: 1 } }));
    await settle();

    expect(logCalls()).toHaveLength(1);
    const [, init] = logCalls()[0];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe(apiMediaType);
    expect(headers.get('X-CSRF-TOKEN')).toBe('csrf-log');
    expect(logBodies()[0]).toEqual({
      severity: 'ERROR',
      message: 'HTTP 500 SERVER_ERROR: Boom',
      sourceApplication: 'innlogging',
      extras: {
        statusCode: 500,
        apiError: 'SERVER_ERROR',
        apiErrorMessage: 'Boom',
        url: '/post/api/thing',
        method: 'PUT',
        page: window.location.pathname,
      },
    });
  });

  it('does not report a failure marked nolog', async () => {
    answerWith(() => json({ 'error-code': 'NOT_FOUND' }, { status: 404 }));

    const error = await rejectionOf(send('/post/api/thing', { nolog: true }));
    await settle();

    expect(error.nolog).toBe(true);
    expect(error.apiError).toBe('NOT_FOUND');
    expect(logCalls()).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns a 429 into an unreported throttle with the Retry-After seconds', async () => {
    answerWith(() => json({ 'error-code': 'TOO_MANY_ATTEMPTS', 'error-message': 'Wait' }, { status: 429, headers: { 'Retry-After': '240' } }));

    const error = await rejectionOf(send('/post/api/private/login/password', { method: 'POST', body: {} }));
    await settle();

    expect(error.statusCode).toBe(429);
    expect(error.isThrottled).toBe(true);
    expect(error.apiError).toBe('TOO_MANY_ATTEMPTS');
    expect(error.retryAfterSeconds).toBe(240);
    expect(error.nolog).toBe(true);
    expect(logCalls()).toHaveLength(0);
  });

  it('leaves the wait of a 429 unknown when Retry-After is missing or unreadable, and reads it only on a 429', async () => {
    answerWith(() => text('Too Many Requests', { status: 429 }));
    expect((await rejectionOf(send('/post/api/thing'))).retryAfterSeconds).toBeUndefined();
    answerWith(() => text('Too Many Requests', { status: 429, headers: { 'Retry-After': 'in a while' } }));
    expect((await rejectionOf(send('/post/api/thing'))).retryAfterSeconds).toBeUndefined();
    answerWith(() => text('Down', { status: 503, headers: { 'Retry-After': '120' } }));
    const unavailable = await rejectionOf(send('/post/api/thing'));
    expect(unavailable.retryAfterSeconds).toBeUndefined();
    expect(unavailable.isThrottled).toBe(false);
    await settle();
    expect(logBodies().map((body) => (body.extras as { statusCode: number }).statusCode)).toEqual([503]);
  });

  it('does not report the quiet statuses of a call, but does report its other failures', async () => {
    answerWith(() => json({ 'error-code': 'WRONG_CREDENTIALS' }, { status: 403 }));
    expect((await rejectionOf(send('/post/api/x', { method: 'POST', body: {}, quietStatuses: [403] }))).nolog).toBe(true);
    answerWith(() => json({ 'error-code': 'SERVER_ERROR' }, { status: 500 }));
    expect((await rejectionOf(send('/post/api/x', { method: 'POST', body: {}, quietStatuses: [403] }))).nolog).toBe(false);
    await settle();
    expect(logBodies().map((body) => (body.extras as { statusCode: number }).statusCode)).toEqual([500]);
  });

  it('turns a network failure into an unreported AppError', async () => {
    answerWith(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await rejectionOf(send('/post/api/thing'));
    await settle();

    expect(error.message).toBe('Failed to fetch');
    expect(error.statusCode).toBe(0);
    expect(error.nolog).toBe(true);
    expect(logCalls()).toHaveLength(0);
  });
});

describe('request', () => {
  const me = v.object({ name: v.string() });

  it('parses a JSON answer by its schema: unknown fields are not refused, and left out', async () => {
    answerWith(() => json({ name: 'Kari', link: [] }));

    await expect(request('/post/api/me', me)).resolves.toEqual({ name: 'Kari' });
  });

  it('answers the JSON whole when asked (options passed on to the browser), once the schema accepts it', async () => {
    answerWith(() => json({ name: 'Kari', extensions: { credProps: true } }));
    await expect(request('/post/api/me', me, { whole: true })).resolves.toEqual({ name: 'Kari', extensions: { credProps: true } });

    answerWith(() => json({ name: 7, extensions: {} }));
    await expect(request('/post/api/me', me, { whole: true })).rejects.toThrow(AppError);
  });

  it('turns an answer without a field the app uses into a reported AppError', async () => {
    answerWith(() => json({ name: 7 }));

    const error = await rejectionOf(request('/post/api/me', me));
    await settle();

    expect(error.message).toMatch(/^Unexpected answer from \/post\/api\/me: name: /);
    expect(error.noUsableAnswer).toBe(true);
    expect(logBodies()).toHaveLength(1);
  });

  it('counts an empty answer as no usable answer where a body is expected', async () => {
    answerWith(() => new Response(null, { status: 200 }));

    const error = await rejectionOf(request('/post/api/me', me));
    expect(error.noUsableAnswer).toBe(true);
  });

  it('turns malformed JSON into a reported AppError', async () => {
    answerWith(() => text('<html>not json</html>', { status: 200 }));

    const error = await rejectionOf(request('/post/api/me', me));
    await settle();

    expect(error.message).toBe('Malformed JSON from /post/api/me');
    expect(error.statusCode).toBe(200);
    expect(logBodies()).toEqual([
      {
        severity: 'ERROR',
        message: 'Malformed JSON from /post/api/me',
        sourceApplication: 'innlogging',
        extras: { statusCode: 200, url: '/post/api/me', page: window.location.pathname },
      },
    ]);
  });

  it('does not report malformed JSON for a call marked nolog', async () => {
    answerWith(() => text('not json', { status: 200 }));

    const error = await rejectionOf(request('/post/api/me', me, { nolog: true }));
    await settle();

    expect(error.message).toBe('Malformed JSON from /post/api/me');
    expect(error.nolog).toBe(true);
    expect(logCalls()).toHaveLength(0);
  });

  it('rejects with the AppError of a failed answer', async () => {
    answerWith(() => json({ 'error-code': 'LOCKED', 'error-message': 'Account locked' }, { status: 423 }));

    const error = await rejectionOf(request('/post/api/login', me, { method: 'POST', body: {} }));

    expect(error.statusCode).toBe(423);
    expect(error.apiError).toBe('LOCKED');
  });
});

describe('errorFromResponse', () => {
  it('keeps nolog and ignores a link that is not a list', async () => {
    const error = await errorFromResponse(json({ 'error-code': 'X', link: 'nope' }, { status: 400 }), true);

    expect(error.nolog).toBe(true);
    expect(error.link).toEqual([]);
    expect(error.apiError).toBe('X');
    expect(error.apiErrorMessage).toBeUndefined();
    expect(error.message).toBe('HTTP 400 X');
  });
});

describe('fetchRoot', () => {
  it('loads the root document and keeps its CSRF token for later calls', async () => {
    answerWith((url) =>
      url === apiPaths.root ? json({ link: [{ rel: '/post/api/relations/self', uri: apiPaths.root }], role: 'PRIVAT', csrfToken: 'from-root' }) : json({}),
    );

    const root = await fetchRoot();
    await send('/post/api/next', { method: 'POST', body: {} });

    expect(root.role).toBe('PRIVAT');
    expect(getCsrfToken()).toBe('from-root');
    expect(new Headers(callsTo(apiPaths.root)[0][1]?.headers).has('X-CSRF-TOKEN')).toBe(false);
    expect(new Headers(callsTo('/post/api/next')[0][1]?.headers).get('X-CSRF-TOKEN')).toBe('from-root');
  });
});

describe('relName and findLink', () => {
  itAnswers(relName, 'relName(%s) is %s', [
    ['/post/api/relations/login_password', 'login_password'],
    ['https://x.example/relations/logout/', 'logout'],
    ['urn:x#self', 'self'],
    ['self', 'self'],
  ]);

  const links = [
    { rel: '/post/api/relations/login_password', uri: '/post/api/login' },
    { rel: 'https://x.example/relations/logout/', uri: '/post/api/logout' },
    { rel: 'urn:x#self', uri: '/post/api' },
  ];

  it('finds a link by the last segment of its rel', () => {
    expect(findLink(links, 'login_password')?.uri).toBe('/post/api/login');
    expect(findLink(links, 'logout')?.uri).toBe('/post/api/logout');
    expect(findLink(links, 'self')?.uri).toBe('/post/api');
  });

  it('does not match a rel by another part than its last segment', () => {
    // Names outside the contract's list, as a backend might send rels that merely end alike.
    const byAnyName = findLink as (links: readonly { rel: string; uri: string }[], name: string) => unknown;
    expect(byAnyName(links, 'relations')).toBeUndefined();
    expect(byAnyName(links, 'password')).toBeUndefined();
    expect(byAnyName(links, 'x.example')).toBeUndefined();
  });

  it('finds nothing without links', () => {
    expect(findLink(undefined, 'self')).toBeUndefined();
    expect(findLink([], 'self')).toBeUndefined();
  });
});

describe('session renewal', () => {
  const loginUrl = '/post/api/private/login/password';
  const csrfRefused = () => json({ 'error-code': 'CSRF_TOKEN_INVALID', 'error-message': 'Missing or wrong CSRF token' }, { status: 403 });

  function renewerGiving(token: string) {
    const renewer = vi.fn(async () => setCsrfToken(token));
    setSessionRenewer(renewer);
    return renewer;
  }

  it('renews a refused CSRF token and sends the call once more with the new one', async () => {
    setCsrfToken('stale');
    const renewer = renewerGiving('fresh');
    const answers: Response[] = [];
    answerWith((_, init) => {
      answers.push(new Headers(init?.headers).get('X-CSRF-TOKEN') === 'fresh' ? json({}) : csrfRefused());
      return answers.at(-1)!;
    });
    const response = await send(loginUrl, { method: 'POST', body: { username: 'x', password: 'y' } });
    expect(response.status).toBe(200);
    // The refusal too is read or cancelled, not left holding its connection.
    expect(answers.map((answer) => answer.bodyUsed)).toEqual([true, true]);
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(callsTo(loginUrl).map(([, init]) => new Headers(init?.headers).get('X-CSRF-TOKEN'))).toEqual(['stale', 'fresh']);
  });

  it('tries only once: a second refusal is the error', async () => {
    setCsrfToken('stale');
    const renewer = renewerGiving('still-wrong');
    answerWith(() => csrfRefused());
    const error = await rejectionOf(send(loginUrl, { method: 'POST', body: {} }));
    expect(error.apiError).toBe('CSRF_TOKEN_INVALID');
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(callsTo(loginUrl)).toHaveLength(2);
  });

  it('does not renew for other refusals, nor for reads', async () => {
    setCsrfToken('token');
    const renewer = renewerGiving('fresh');
    answerWith(() => json({ 'error-code': 'WRONG_PASSWORD' }, { status: 403 }));
    await rejectionOf(send(loginUrl, { method: 'POST', body: {} }));
    answerWith(() => csrfRefused());
    await rejectionOf(send('/post/api/something'));
    expect(renewer).not.toHaveBeenCalled();
  });

  it('renews before the call when the token is older than the renewal age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setCsrfToken('old');
    vi.setSystemTime(Date.now() + 26 * 60 * 1000);
    const renewer = renewerGiving('fresh');
    answerWith(() => json({}));
    await send(loginUrl, { method: 'POST', body: {} });
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(callsTo(loginUrl).map(([, init]) => new Headers(init?.headers).get('X-CSRF-TOKEN'))).toEqual(['fresh']);
  });
});
