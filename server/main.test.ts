// @vitest-environment node
/**
 * The server as started from the command line (server/main.ts in its own process): how it refuses a
 * configuration, and what it says at start-up in each deployment mode.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'innlogging-main-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface Run {
  /** The exit code, or null when the server was still running and was stopped. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tsx server/main.ts` with only `env` set among the server's own variables (PORT=0, a fresh
 * DATA_DIR): waits for it to exit, or to say it listens, and then stops it.
 */
function runServer(env: Record<string, string>): Promise<Run> {
  const own =
    /^(PORT|DATA_DIR|DIST_DIR|API_UPSTREAM|APP_ENVIRONMENT|ALLOW_EMULATOR_IN_PRODUCTION|PUBLIC_HOST|SENTRY_DSN|STATUSPAGE_.*|CHATBOT_URL|ANALYTICS_URL|ADMIN_NETWORKS|TRUST_PROXY|LIMIT_.*|PASSKEY_.*)$/;
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !own.test(name)));
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: { ...base, PORT: '0', DATA_DIR: mkdtempSync(path.join(workDir, 'data-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`neither exited nor listened in 20 s:\n${stdout}\n${stderr}`));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stopped && /listening on http:\/\/localhost:\d+/.test(stdout)) {
        stopped = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: stopped ? null : code, stdout, stderr });
    });
  });
}

describe('server/main.ts', () => {
  it('refuses APP_ENVIRONMENT=production without API_UPSTREAM: exit 1 and one line naming both', async () => {
    const run = await runServer({ APP_ENVIRONMENT: 'production' });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/listening/);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: APP_ENVIRONMENT: .*API_UPSTREAM/);
    expect(lines[0]).toContain('ALLOW_EMULATOR_IN_PRODUCTION=1');
  }, 30_000);

  it('starts production with the emulator under ALLOW_EMULATOR_IN_PRODUCTION=1, with a loud warning', async () => {
    const run = await runServer({ APP_ENVIRONMENT: 'production', ALLOW_EMULATOR_IN_PRODUCTION: '1' });
    expect(run.code).toBeNull();
    expect(run.stderr).toMatch(/^WARNING: APP_ENVIRONMENT=production with the backend emulator/m);
    expect(run.stdout).toMatch(/listening on .*\(backend emulator/);
  }, 30_000);

  it('refuses an override other than exactly 1', async () => {
    const run = await runServer({ APP_ENVIRONMENT: 'production', ALLOW_EMULATOR_IN_PRODUCTION: 'true' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Configuration error: ALLOW_EMULATOR_IN_PRODUCTION: /);
  }, 30_000);

  it('takes the passkey origin from the port it listens on when PORT=0 picked it, and refuses an IP address as RP ID', async () => {
    const run = await runServer({});
    expect(run.code).toBeNull();
    const port = /listening on http:\/\/localhost:(\d+)/.exec(run.stdout)?.[1];
    expect(Number(port)).toBeGreaterThan(0);
    expect(run.stdout).toContain(`Passkeys (emulator): RP ID localhost, origins http://localhost:${port}\n`);
    const refused = await runServer({ PASSKEY_RP_ID: '10.0.0.1', PASSKEY_ORIGINS: 'https://10.0.0.1' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^Configuration error: PASSKEY_RP_ID: /);
  }, 30_000);

  it('with API_UPSTREAM says which stand-in settings are off and how to turn them on', async () => {
    const run = await runServer({ APP_ENVIRONMENT: 'production', API_UPSTREAM: 'http://127.0.0.1:9', CHATBOT_URL: '/chat/widget.js' });
    expect(run.code).toBeNull();
    expect(run.stderr).not.toMatch(/WARNING/);
    expect(run.stdout).toContain(
      'Off because API_UPSTREAM is set: status banner (set STATUSPAGE_URL to turn it on), analytics (set ANALYTICS_URL to turn it on).',
    );
    expect(run.stdout).toMatch(/listening on .*\(proxying the API to http:\/\/127\.0\.0\.1:9\)/);
  }, 30_000);
});
