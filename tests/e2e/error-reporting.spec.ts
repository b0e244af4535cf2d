/**
 * Error reporting end to end (SPEC §8, §9): in production on the public host the lazily loaded Sentry
 * SDK sends scrubbed reports (release 106) to the emulator's local ingest; everywhere the global
 * handler reports to /post/log/web; network failures go nowhere; the SDK is never loaded elsewhere.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { freePort } from './support/nginx';
import { startServer, type RunningServer } from './support/server';

interface SentryEvent {
  release?: string;
  environment?: string;
  exception?: { values?: { type?: string; value?: string }[] };
}
interface LogEntry {
  message: string;
  extras: { file?: string; line?: number; column?: number };
}

/** The built chunks that hold the Sentry SDK, from the Vite manifest of the build under test. */
function sentryChunks(): string[] {
  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(([source]) => source.includes('@sentry/'))
    .map(([, chunk]) => path.basename(chunk.file));
}

function throwLater(page: Page, message: string, type: 'Error' | 'TypeError' = 'Error') {
  return page.evaluate(
    ([text, kind]) => {
      setTimeout(() => {
        throw kind === 'TypeError' ? new TypeError(text) : new Error(text);
      });
    },
    [message, type] as const,
  );
}

async function logs(request: APIRequestContext, base: string): Promise<LogEntry[]> {
  return (await (await request.get(`${base}/dev/api/logs`)).json()) as LogEntry[];
}

async function reports(request: APIRequestContext, base: string): Promise<SentryEvent[]> {
  return (await (await request.get(`${base}/dev/api/error-reports`)).json()) as SentryEvent[];
}

function exceptionValues(events: SentryEvent[]): string[] {
  return events.flatMap((event) => event.exception?.values?.map((value) => value.value ?? '') ?? []);
}

test.describe('in production on the public host', () => {
  let server: RunningServer;
  let origin: string;

  test.beforeAll(async () => {
    // The DSN names the server's port, so the port is chosen first; one that another process took in
    // between (a second test run beside this one) is chosen again.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      try {
        server = await startServer(
          // Production with the emulator (its log and Sentry stand-in): refused unless explicitly allowed.
          {
            APP_ENVIRONMENT: 'production',
            ALLOW_EMULATOR_IN_PRODUCTION: '1',
            PUBLIC_HOST: 'localhost',
            SENTRY_DSN: `http://public@localhost:${port}/dev/sentry/1`,
          },
          undefined,
          { port },
        );
        break;
      } catch (error) {
        if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
      }
    }
    origin = new URL(server.url).origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('errors reach Sentry (release 106) and the log, scrubbed; network failures reach neither', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/e2e-boom|Failed to fetch|01817010055/);
    const chunks = sentryChunks();
    expect(chunks.length).toBeGreaterThan(0);
    const sdkRequests: string[] = [];
    page.on('request', (req) => {
      if (chunks.includes(path.basename(new URL(req.url()).pathname))) sdkRequests.push(req.url());
    });

    await page.goto(`${origin}/innlogging/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Before the SDK is necessarily there: queued, then captured.
    await throwLater(page, 'Failed to fetch', 'TypeError');
    await throwLater(page, 'e2e-boom');
    await throwLater(page, 'Person 01817010055 broke it');

    // The SDK loads after the page is idle, then sends what was queued: on a machine busy with other
    // runs that took over the default 10 s once (a run beside three others, 2026-11-27).
    await expect
      .poll(async () => exceptionValues(await reports(request, origin)), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['e2e-boom', expect.stringContaining('Person')]));
    expect(sdkRequests.length).toBeGreaterThan(0);
    const stored = await reports(request, origin);
    const boom = stored.find((event) => exceptionValues([event]).includes('e2e-boom'));
    expect(boom).toMatchObject({ release: '106', environment: 'production' });
    expect(JSON.stringify(stored)).not.toContain('01817010055');
    expect(exceptionValues(stored)).toContain('Person [national-id] broke it');
    expect(JSON.stringify(stored)).not.toContain('Failed to fetch');

    await expect
      .poll(async () => (await logs(request, origin)).map((entry) => entry.message))
      .toEqual(expect.arrayContaining([expect.stringContaining('e2e-boom'), expect.stringContaining('Person [national-id] broke it')]));
    const logged = await logs(request, origin);
    const boomLog = logged.find((entry) => entry.message.includes('e2e-boom'));
    expect(typeof boomLog?.extras.line).toBe('number');
    expect(typeof boomLog?.extras.column).toBe('number');
    expect(JSON.stringify(logged)).not.toContain('01817010055');
    expect(JSON.stringify(logged)).not.toContain('Failed to fetch');
  });
});

test('in development the SDK is never loaded, but the log endpoint still gets the report', async ({ page, request, consoleGuard }) => {
  const marker = `e2e-dev-boom-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  consoleGuard.allow(new RegExp(marker));
  const chunks = sentryChunks();
  expect(chunks.length).toBeGreaterThan(0);
  const sdkRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (chunks.includes(path.basename(url.pathname)) || url.pathname.startsWith('/dev/sentry/')) sdkRequests.push(req.url());
  });

  await page.goto('/innlogging/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await throwLater(page, marker);
  await expect.poll(async () => (await logs(request, '')).some((entry) => entry.message.includes(marker))).toBe(true);
  await page.waitForTimeout(500);
  expect(sdkRequests).toEqual([]);
});
