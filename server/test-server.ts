/**
 * For tests: the real HTTP server (app + emulator) on a free port, in a folder of its own that is
 * removed after; for a whole test file (httpServerForTests) or for one test (withOwnServer).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from './app';
import { passkeySettingsFor, readConfig } from './config';
import { createEmulator, type Emulator } from './emulator';
import { listen } from './listen';

export interface HttpServer {
  origin: string;
  emulator: Emulator;
  stop: () => Promise<void>;
}

/** The page the server's tests serve: a stand-in for the built index.html, with the marks the server fills in. */
const testPage = '<!doctype html><html lang="nb"><head><title>Digipost</title><!--runtime-config--></head><body></body></html>';

/** A built front end's stand-in in `workDir`/dist (its index.html, an empty assets folder): the folder, for DIST_DIR. */
export function writeDist(workDir: string, indexHtml = testPage): string {
  const distDir = path.join(workDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  return distDir;
}

/** `fetch` served on a free port of 127.0.0.1; `listening` is told the port before the promise settles. */
export function listenForTests(fetch: Parameters<typeof listen>[0], listening: (port: number) => void = () => {}) {
  return new Promise<{ server: Server; origin: string }>((resolve) => {
    const server: Server = listen(fetch, 0, (info: AddressInfo) => {
      listening(info.port);
      resolve({ server, origin: `http://127.0.0.1:${info.port}` });
    });
  });
}

/** The real server on a free port over `dataDir`, with extra environment (LIMIT_…, TRUST_PROXY …). */
export async function startHttpServer(
  workDir: string,
  dataDir: string,
  env: Record<string, string> = {},
  /** The limits' clock (EmulatorOptions.now): a test's own, moved by the test. */
  now?: () => number,
): Promise<HttpServer> {
  const config = readConfig({ ...env, DATA_DIR: dataDir, DIST_DIR: writeDist(workDir) });
  let boundPort = 0;
  const emulator = createEmulator(config.dataDir, {
    print: () => {},
    limits: config.limits,
    trustProxy: config.trustProxy,
    adminNetworks: config.adminNetworks,
    now,
    passkeys: passkeySettingsFor(config.passkeys, () => boundPort),
  });
  const app = createApp({ config, emulator: emulator.app });
  const { server, origin } = await listenForTests(app.fetch, (port) => {
    boundPort = port;
  });
  return {
    origin,
    emulator,
    stop: async () => {
      await closeServer(server);
      emulator.close();
    },
  };
}

export interface TestServerOptions {
  /** Extra environment (LIMIT_…, TRUST_PROXY …). */
  env?: Record<string, string>;
  /** The limits' clock (EmulatorOptions.now): a test's own, moved by the test. */
  now?: () => number;
}

/** One server in a fresh folder (`innlogging-<name>-…` in the system's temp folder), its data in data/; its stop removes the folder too. */
async function startInFreshFolder(name: string, { env, now }: TestServerOptions) {
  const workDir = mkdtempSync(path.join(tmpdir(), `innlogging-${name}-`));
  const server = await startHttpServer(workDir, path.join(workDir, 'data'), env, now);
  return {
    workDir,
    server,
    stop: async () => {
      await server.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** The running server of httpServerForTests, and the folder it serves from (its data in data/). */
export interface TestServer {
  readonly origin: string;
  readonly emulator: Emulator;
  readonly workDir: string;
}

/**
 * The real server for the tests of a file (or of a describe block): started in a fresh folder before
 * them, stopped and the folder removed after. Its fields are there only while the tests run.
 */
export function httpServerForTests(name: string, options: TestServerOptions = {}): TestServer {
  let current: Awaited<ReturnType<typeof startInFreshFolder>> | undefined;
  beforeAll(async () => {
    current = await startInFreshFolder(name, options);
  });
  afterAll(async () => {
    await current?.stop();
  });
  const running = () => {
    if (!current) throw new Error('The test server is there only while the tests run');
    return current;
  };
  return {
    get origin() {
      return running().server.origin;
    },
    get emulator() {
      return running().server.emulator;
    },
    get workDir() {
      return running().workDir;
    },
  };
}

/** A server of the test's own (its counters touch no other test's), stopped and its folder removed after `use`, whatever happens. */
export async function withOwnServer<T>(name: string, options: TestServerOptions, use: (own: HttpServer) => Promise<T>): Promise<T> {
  const own = await startInFreshFolder(name, options);
  try {
    return await use(own.server);
  } finally {
    await own.stop();
  }
}

/**
 * Stops a server a test started: the connections its clients keep alive (65 s, listen.ts) are ended,
 * not waited for.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
