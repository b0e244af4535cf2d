/**
 * Which errors go to the log endpoint (SPEC §8), decided by shouldReport for every site: the API
 * client, the web and mobile error screens and the global handler. Each kind is reported once or never.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { errorFromResponse, request, send } from './client';
import { logEndpoint, reportError } from './log';
import { AppError, markReported, shouldReport } from './errors';
import { missingLocationMessage } from './login';
import * as v from 'valibot';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function logPosts() {
  return fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint).length;
}

function answer(response: () => Response) {
  fetchMock.mockImplementation(async (input) => (String(input) === logEndpoint ? new Response(null, { status: 204 }) : response()));
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('shouldReport', () => {
  it.each([
    ['a bug (a plain Error)', () => new Error('Cannot read properties of undefined'), true],
    ['a thrown value that is not an Error', () => 'something odd', true],
    ['an HTTP error answer', () => errorFromResponse(new Response('{"error-code":"SERVER_ERROR"}', { status: 500 })), true],
    ['an HTTP error answer with an empty body', () => errorFromResponse(new Response(null, { status: 502 })), true],
    ['a call its caller keeps quiet (nolog, or one of its quiet statuses)', () => errorFromResponse(new Response(null, { status: 403 }), true), false],
    ['a throttled answer (429)', () => errorFromResponse(new Response(null, { status: 429 })), false],
    ['a lost connection', () => new AppError('Failed to fetch', { statusCode: 0, nolog: true, noUsableAnswer: true }), false],
    ['an answer that is not what was promised', () => new AppError('Malformed JSON from /post/api', { statusCode: 200, noUsableAnswer: true }), true],
    ['a flow error (missing Location header, link or token)', () => new AppError(missingLocationMessage, { statusCode: 500 }), true],
  ])('%s: %s', async (_, make, expected) => {
    expect(shouldReport(await make())).toBe(expected);
  });

  it('is false for any error once it has been reported', () => {
    const errors = [new Error('bug'), new AppError('HTTP 500', { statusCode: 500, apiError: 'SERVER_ERROR' })];
    for (const error of errors) {
      markReported(error);
      expect(shouldReport(error)).toBe(false);
    }
  });
});

describe('reported exactly once, whichever sites see the error', () => {
  it('an HTTP failure: by the API client, not again by an error screen or the global handler', async () => {
    answer(() => new Response('{"error-code":"SERVER_ERROR"}', { status: 500 }));
    const error = await send('/post/api/thing').catch((caught: unknown) => caught);
    await settle();
    expect(logPosts()).toBe(1);
    await reportError(error, { source: 'route' });
    await reportError(error, { source: 'mobile' });
    expect(logPosts()).toBe(1);
    expect(shouldReport(error)).toBe(false);
  });

  it('an unusable answer: by the API client, not again by the mobile error screen', async () => {
    answer(() => new Response('not json', { status: 200 }));
    const error = await request('/post/api/thing', v.object({ a: v.string() })).catch((caught: unknown) => caught);
    await settle();
    expect(logPosts()).toBe(1);
    await reportError(error, { source: 'mobile' });
    expect(logPosts()).toBe(1);
  });

  it('a flow error or a bug: by the first error screen that shows it', async () => {
    answer(() => new Response(null, { status: 204 }));
    for (const error of [new AppError('Missing or invalid token in the mobile login URL', { statusCode: 400 }), new Error('bug')]) {
      await reportError(error, { source: 'route' });
      await reportError(error, { source: 'route' });
    }
    expect(logPosts()).toBe(2);
  });

  it('a lost connection, a quiet status or a throttled answer: never', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const lost = await send('/post/api/thing').catch((caught: unknown) => caught);
    answer(() => new Response(null, { status: 403 }));
    const quiet = await send('/post/api/login', { method: 'POST', body: {}, quietStatuses: [403] }).catch((caught: unknown) => caught);
    answer(() => new Response(null, { status: 429 }));
    const throttled = await send('/post/api/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    for (const error of [lost, quiet, throttled]) await reportError(error, { source: 'mobile' });
    await settle();
    expect(logPosts()).toBe(0);
  });
});
