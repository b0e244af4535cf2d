// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsBatchLimit } from './analytics';
import { emulatorForTests } from './test-emulator';

const emulator = emulatorForTests('analytics-test');

beforeEach(async () => {
  await emulator.app.request('/dev/api/analytics', { method: 'DELETE' });
});

const post = (body: unknown) =>
  emulator.app.request('/dev/api/analytics', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const event = (label: string) => ({ category: 'login-private-user', action: 'button click', label, url: 'http://x/innlogging/' });

describe('analytics emulator', () => {
  it('serves a plain script that defines DigipostAnalytics.track', async () => {
    const response = await emulator.app.request('/dev/analytics/analytics.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await response.text();
    expect(source).not.toMatch(/\beval\(|new Function/);
    const calls: { url: string; init: { body: string; keepalive: boolean; method: string } }[] = [];
    const window: Record<string, unknown> = {};
    const fetch = (url: string, init: { body: string; keepalive: boolean; method: string }) => {
      calls.push({ url, init });
      return Promise.resolve({ ok: true });
    };
    runInNewContext(source, { window, fetch, Promise, JSON });
    const api = window.DigipostAnalytics as { track: (event: unknown) => void };
    api.track(event('one'));
    api.track(event('two'));
    // Started before the task ends (a page leaving right after still sends them): one request for both.
    await Promise.resolve();
    expect(calls.map((call) => call.url)).toEqual(['/dev/api/analytics']);
    expect(JSON.parse(calls[0].init.body).map((sent: { label: string }) => sent.label)).toEqual(['one', 'two']);
    expect(calls[0].init).toMatchObject({ method: 'POST', keepalive: true });
    // A later task: a request of its own, not waiting for the first.
    api.track(event('three'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((call) => JSON.parse(call.init.body).map((sent: { label: string }) => sent.label))).toEqual([['one', 'two'], ['three']]);
    // More than a batch holds: several requests, in order.
    calls.length = 0;
    for (let index = 0; index < analyticsBatchLimit + 1; index += 1) api.track(event(`many ${index}`));
    await Promise.resolve();
    expect(calls.map((call) => JSON.parse(call.init.body).length)).toEqual([analyticsBatchLimit, 1]);
  });

  it('stores a batch in its order', async () => {
    const response = await post([event('a'), event('b'), event('c')]);
    expect(response.status).toBe(204);
    const stored = (await (await emulator.app.request('/dev/api/analytics')).json()) as { label: string }[];
    expect(stored.map((entry) => entry.label)).toEqual(['a', 'b', 'c']);
  });

  it('stores events and returns them in the order received', async () => {
    for (const label of ['first', 'second', 'third']) expect((await post(event(label))).status).toBe(204);
    const response = await emulator.app.request('/dev/api/analytics');
    expect(response.status).toBe(200);
    const stored = (await response.json()) as { label: string; category: string; receivedAt: string }[];
    expect(stored.map((entry) => entry.label)).toEqual(['first', 'second', 'third']);
    expect(stored[0]).toMatchObject({ category: 'login-private-user', action: 'button click', url: 'http://x/innlogging/' });
    expect(new Date(stored[0].receivedAt).getTime()).not.toBeNaN();
  });

  it('clears on DELETE', async () => {
    await post(event('gone'));
    expect((await emulator.app.request('/dev/api/analytics', { method: 'DELETE' })).status).toBe(204);
    expect(await (await emulator.app.request('/dev/api/analytics')).json()).toEqual([]);
  });

  it('refuses what is not an event', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post({ category: 'x' })).status).toBe(400);
    expect((await post([])).status).toBe(400);
    expect((await post([event('fine'), { category: 'x' }])).status).toBe(400);
    expect((await post(Array.from({ length: analyticsBatchLimit + 1 }, (_, index) => event(`${index}`)))).status).toBe(400);
    expect((await post([[event('nested')]])).status).toBe(400);
    expect((await post({ ...event('big'), label: 'x'.repeat(70_000) })).status).toBe(413);
    expect(await (await emulator.app.request('/dev/api/analytics')).json()).toEqual([]);
  });

  it('serves the chatbot widget as a plain script', async () => {
    const response = await emulator.app.request('/dev/chatbot/widget.js?lang=en');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await response.text();
    expect(source).toContain('window.DigipostChat');
    expect(source).toContain('Digipost chat');
    expect(source).not.toMatch(/\beval\(|new Function|innerHTML/);
  });
});
