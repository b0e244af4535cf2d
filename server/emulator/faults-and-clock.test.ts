// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emulatorForTests } from './test-emulator';
import { browserClient } from './test-client';

const emulator = emulatorForTests('faults-and-clock');

const client = () => browserClient(emulator.app);

describe('fault switches', () => {
  it('make an endpoint answer 500, malformed JSON or slowly, for the browser that set them only', async () => {
    const browser = client();
    const bystander = client();
    expect((await browser.post('/dev/api/faults', { path: '/post/api', mode: 'error' }, false)).status).toBe(201);
    const failed = await browser.call('/post/api');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ 'error-code': 'INTERNAL_ERROR' });
    expect((await bystander.call('/post/api')).status).toBe(200);

    await browser.call('/dev/api/faults', { method: 'DELETE' });
    await browser.post('/dev/api/faults', { path: '/post/api', mode: 'malformed' }, false);
    const malformed = await browser.call('/post/api');
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();

    await browser.call('/dev/api/faults', { method: 'DELETE' });
    await browser.post('/dev/api/faults', { path: '/post/api/*', mode: 'slow', delayMs: 300, times: 1 }, false);
    const started = Date.now();
    expect((await browser.call('/post/api/admin/access')).status).toBeLessThan(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // Used up after one call (not timed: a busy machine may take longer than the delay for any call).
    expect(await (await browser.call('/dev/api/faults')).json()).toEqual({ faults: [] });
  });

  it('refuse what they cannot do, with a 400 saying why', async () => {
    const browser = client();
    for (const body of [
      { path: 'post/api', mode: 'error' },
      { path: '/post/api', mode: 'explode' },
      { path: '/dev/api/faults', mode: 'error' },
      { path: '/x', mode: 'slow', delayMs: -1 },
    ]) {
      const response = await browser.post('/dev/api/faults', body, false);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
    }
  });
});

describe('sessions and the dev clock', () => {
  it('end a session after 30 minutes without activity; the mailbox then sends the person to the timeout page', async () => {
    const browser = client();
    await browser.root();
    expect((await browser.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' })).status).toBe(200);
    expect((await browser.call('/postkasse/')).status).toBe(200);

    await browser.post('/dev/api/clock', { advanceMinutes: 29 }, false);
    expect((await browser.call('/postkasse/')).status).toBe(200);
    // That visit counted as activity: 29 more minutes are still within the timeout.
    await browser.post('/dev/api/clock', { advanceMinutes: 29 }, false);
    expect((await browser.call('/postkasse/')).status).toBe(200);

    await browser.post('/dev/api/clock', { advanceMinutes: 31 }, false);
    const timedOut = await browser.call('/postkasse/');
    expect(timedOut.status).toBe(303);
    expect(timedOut.headers.get('location')).toBe('/innlogging/timeout');
    expect((await browser.root()).role).toBeUndefined();
  });

  it('leave other browsers on their own clock', async () => {
    const mover = client();
    const other = client();
    await other.root();
    await other.post('/post/api/private/login/password', { username: '01817010055', password: 'Sommerfugl-42' });
    await mover.post('/dev/api/clock', { advanceMinutes: 120 }, false);
    expect((await other.call('/postkasse/')).status).toBe(200);
  });
});
