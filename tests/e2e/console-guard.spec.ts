/**
 * The console guard itself (support/fixtures.ts): it catches what it must, and every page a test
 * opens is under it, the `page` fixture's and the ones a test opens in a context of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ConsoleGuard, expect, guardPage, test } from './support/fixtures';

test('flags console errors, uncaught errors and hydration problems at any level; lets other messages be', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const guard: ConsoleGuard = { problems: [], allow: () => {} };
  await guardPage(page, guard);
  await page.goto('about:blank');
  await page.evaluate(() => {
    console.info('Minified React error #418; visit https://react.dev/errors/418 for the full message');
    console.warn('A tree hydrated but some attributes of the server rendered HTML did not match the client properties.');
    console.error('an error');
    console.warn('an ordinary warning');
    console.log('an ordinary log line');
    setTimeout(() => {
      throw new Error('uncaught');
    });
  });
  await expect.poll(() => guard.problems.length).toBe(4);
  expect(guard.problems).toEqual([
    expect.stringMatching(/^console info: Minified React error #418/),
    expect.stringMatching(/^console warning: A tree hydrated/),
    'console error: an error',
    'pageerror: uncaught',
  ]);
  await context.close();
});

test('every page a spec opens itself is guarded', () => {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const unguarded: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.spec.ts'))) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      const opened = /const (\w+) = await \w+\.newPage\(\)/.exec(line);
      if (!opened || file === 'console-guard.spec.ts') return;
      const next = lines.slice(index + 1, index + 4).join('\n');
      if (!next.includes(`guardPage(${opened[1]}, `)) unguarded.push(`${file}:${index + 1} ${opened[1]}`);
    });
  }
  expect(unguarded, 'pages opened without guardPage(page, consoleGuard) within the next three lines').toEqual([]);
});
