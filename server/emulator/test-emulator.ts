/** For tests: one emulator per test file, in a fresh data folder made before its tests and removed after. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from './index';

/** `options`: as createEmulator's (other limits, a clock); printing is off. */
export function emulatorForTests(name: string, options: EmulatorOptions = {}): Pick<Emulator, 'app' | 'db'> {
  let dataDir = '';
  let current: Emulator | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), `innlogging-${name}-`));
    current = createEmulator(dataDir, { ...options, print: () => {} });
  });
  afterAll(() => {
    current?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const emulator = () => {
    if (!current) throw new Error('The test emulator is there only while the tests run');
    return current;
  };
  return {
    get app() {
      return emulator().app;
    },
    get db() {
      return emulator().db;
    },
  };
}
