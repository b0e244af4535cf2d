import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The process started (tsx, which runs the server as its child). */
  pid: number;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
  /** Stops the server and leaves its data for another to start from. */
  stopKeepingData: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Starts the real server (built app + emulator) on a free port with a fresh temporary DATA_DIR.
 * Extra environment (ADMIN_NETWORKS …) lets a spec start a differently configured server; `port`
 * fixes the port where the configuration must name it (a DSN pointing back at the server); `root`
 * runs another checkout's server (a before/after comparison).
 */
export async function startServer(
  env: Record<string, string> = {},
  existingDataDir?: string,
  options: { port?: number; root?: string } = {},
): Promise<RunningServer> {
  const dataDir = existingDataDir ?? mkdtempSync(path.join(tmpdir(), 'innlogging-e2e-'));
  const checkout = options.root ?? root;
  const child: ChildProcess = spawn(path.join(checkout, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: checkout,
    env: { ...process.env, ...env, PORT: String(options.port ?? 0), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Until it says it listens; the bound only catches a server that never will, with room for a
    // machine busy with other test runs.
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const halt = async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    stopKeepingData: halt,
  };
}
