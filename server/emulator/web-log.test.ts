// @vitest-environment node
/** The front end's log as the server prints it: what anyone sent stays inside its own line. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createEmulator } from './index';

const dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-web-log-'));
const printed: string[] = [];
const emulator = createEmulator(dataDir, { print: (line) => printed.push(line) });

afterAll(() => {
  emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('prints an entry on one line, its line breaks and terminal escapes quoted (a forged server line was possible)', async () => {
  const forged = 'boom\n[server] unhandled error FORGED\r\n\u001b[31mred';
  const response = await emulator.app.request('/post/log/web', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ severity: 'ERROR', message: forged, sourceApplication: `innlogging\n[server] x` }),
  });
  expect(response.status).toBe(204);
  const line = printed.find((entry) => entry.startsWith('[web-log]'));
  expect(line).toBeDefined();
  for (const control of ['\n', '\r', '\u001b']) expect(line).not.toContain(control);
  expect(line).toContain(JSON.stringify(forged));
  // The entry itself is kept as it came, for whoever reads the log back.
  const [stored] = (await (await emulator.app.request('/dev/api/logs')).json()) as { message: string }[];
  expect(stored.message).toBe(forged);
});
