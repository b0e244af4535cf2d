import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { logMessageMaxLength } from '../contract/limits';
import { logEntrySchema } from '../contract/requests';
import { AppError } from './errors';
import { apiMediaType, setCsrfToken } from './headers';
import { logEndpoint, postLog, reportError } from './log';
import { stubFetchForEachTest, type FetchMock } from './test-fetch';

let fetchMock: FetchMock;

function logBodies() {
  return fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

stubFetchForEachTest((mock) => {
  fetchMock = mock;
});

describe('reportError and postLog', () => {
  it('reports a plain Error with its message', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await reportError(new Error('Render failed'), { route: 'login' });

    expect(logBodies()).toEqual([
      {
        severity: 'ERROR',
        message: 'Render failed',
        sourceApplication: 'innlogging',
        extras: { route: 'login', page: window.location.pathname },
      },
    ]);
  });

  it('cuts a long message to the length the log takes (logMessageMaxLength), so the entry is not refused', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await postLog('ERROR', 'x'.repeat(5_000));
    const [body] = logBodies();
    expect(body.message).toHaveLength(logMessageMaxLength);
    expect(String(body.message).endsWith('…')).toBe(true);
    expect(v.safeParse(logEntrySchema, body).success).toBe(true);
  });

  it('does not report an AppError marked nolog', async () => {
    await reportError(new AppError('quiet', { nolog: true }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never throws when the log endpoint cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(postLog('WARN', 'hello', { a: 1 })).resolves.toBeUndefined();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      severity: 'WARN',
      message: 'hello',
      sourceApplication: 'innlogging',
      extras: { a: 1 },
    });
  });

  it('posts with the API headers and the CSRF token, same-origin', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    setCsrfToken('csrf-log');

    await postLog('INFO', 'note');

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/post/log/web');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe(apiMediaType);
    expect(headers.get('X-CSRF-TOKEN')).toBe('csrf-log');
  });
});
