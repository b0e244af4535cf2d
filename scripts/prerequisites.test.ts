// @vitest-environment node
/**
 * `npm start` and `npm test` name what the install needs before they install anything (README,
 * "Before you start"): here run for real with a PATH that has Node, npm, Python 3 and make, but no
 * C++ compiler.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingPrerequisites } from './lib.mjs';

const which = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const bin = mkdtempSync(path.join(tmpdir(), 'innlogging-path-'));
for (const name of ['node', 'npm', 'python3', 'make']) symlinkSync(which(name), path.join(bin, name));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe('the prerequisites check of npm start and npm test', () => {
  it.each(['start.mjs', 'test.mjs'])('scripts/%s stops at once and names the missing compiler', (script) => {
    const result = spawnSync(process.execPath, [path.join('scripts', script)], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: bin, HOME: process.env.HOME },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('a C++ compiler (g++, clang++ or c++): apt-get install g++');
    expect(result.stderr).not.toMatch(/Python|make:/);
    // Nothing was started: no install, no build, no server.
    expect(result.stdout).toBe('');
  });

  it('names every tool that is missing, and nothing when all are there', () => {
    expect(missingPrerequisites({ PATH: '' })).toEqual([
      'npm: apt-get install npm',
      'Python 3 (python3), which node-gyp runs: apt-get install python3',
      'make: apt-get install make',
      'a C++ compiler (g++, clang++ or c++): apt-get install g++',
    ]);
    expect(missingPrerequisites(process.env)).toEqual([]);
  });

  it('takes the compiler CXX names, as the build does: a path, or a command with options; never a file that cannot run', () => {
    const { CXX: _, ...env } = process.env;
    const gxx = which('g++');
    expect(missingPrerequisites({ ...env, CXX: gxx })).toEqual([]);
    expect(missingPrerequisites({ ...env, CXX: 'g++ -std=c++20' })).toEqual([]);
    expect(missingPrerequisites({ ...env, CXX: '/nowhere/g++' })).toEqual(['the C++ compiler CXX names (/nowhere/g++): apt-get install g++']);
    // A file that is there but may not be run (this test file) is no compiler.
    expect(missingPrerequisites({ ...env, CXX: import.meta.filename })).toHaveLength(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'innlogging-path-'));
    writeFileSync(path.join(dir, 'g++'), '', { mode: 0o644 });
    expect(missingPrerequisites({ ...env, PATH: dir, CXX: '' })).toContain('a C++ compiler (g++, clang++ or c++): apt-get install g++');
    rmSync(dir, { recursive: true, force: true });
  });
});
