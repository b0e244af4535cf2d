// @vitest-environment node
/**
 * Mozilla's HTTP Observatory against a TLS nginx with the Node server's security headers
 * (scripts/observatory.ts): A+ with a score of at least 110, every test passed; and, so the grade is
 * known to come from what is served, the same site without headers, and without its certificate
 * trusted, graded down (so a passing grade cannot be a grader that sees nothing). Nothing is fetched but from the local nginx. A small stand-in for dist/ (the
 * build's index.html shape: a module script and a stylesheet from our origin) keeps the test
 * independent of the build; `npx tsx scripts/observatory.ts` grades the real dist/.
 * Skipped when Debian's nginx is missing (`npm test` installs it before the unit tests).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureObservatoryInstalled, formatGrade, gradeDeployment, requiredGrade, requiredScore, startTlsNginxForGrading } from './observatory';

const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

describe.skipIf(!existsSync(nginx))('the TLS deployment graded by the HTTP Observatory', () => {
  let distDir: string;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // The first run installs tools/observatory (npm ci from the registry, about 10–40 s); later runs nothing.
    await ensureObservatoryInstalled();
    distDir = mkdtempSync(path.join(tmpdir(), 'innlogging-observatory-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/innlogging/favicon.svg" />
    <title>Digipost</title>
    <script type="module" crossorigin src="/innlogging/assets/index-test.js"></script>
    <link rel="stylesheet" crossorigin href="/innlogging/assets/index-test.css">
  </head>
  <body><div id="root"></div></body>
</html>
`,
    );
    writeFileSync(path.join(distDir, 'assets', 'index-test.js'), 'document.title = "Digipost";\n');
    writeFileSync(path.join(distDir, 'assets', 'index-test.css'), 'body { margin: 0; }\n');
  }, 180_000);

  afterAll(async () => {
    for (const stop of stops) await stop();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  async function deployment(headers?: Record<string, string>) {
    const started = await startTlsNginxForGrading({ distDir, headers, nginx });
    stops.push(started.stop);
    return started;
  }

  it(`grades the server's headers ${requiredGrade} with a score of at least ${requiredScore}, every test passed`, async () => {
    const site = await deployment();
    const result = await gradeDeployment(site);
    console.log(formatGrade(result));
    expect(result.certificateVerified).toBe(true);
    expect(result.statusCode).toBe(200);
    expect(result.finalUrl).toBe(`${site.httpsOrigin}/innlogging/`);
    expect(result.grade).toBe(requiredGrade);
    expect(result.score).toBeGreaterThanOrEqual(requiredScore);
    expect(result.tests.filter((test) => !test.pass)).toEqual([]);
    expect(Object.fromEntries(result.tests.map((test) => [test.name, test.result]))).toMatchObject({
      'content-security-policy': 'csp-implemented-with-no-unsafe-default-src-none',
      redirection: 'redirection-to-https',
      'strict-transport-security': 'hsts-implemented-max-age-at-least-six-months',
      'x-frame-options': 'x-frame-options-implemented-via-csp',
    });
  }, 30_000);

  it('grades the same site without security headers D (30), and without its certificate trusted fails HSTS and the redirect', async () => {
    const bare = await deployment({});
    const withoutHeaders = await gradeDeployment(bare);
    // 100 − 25 (no CSP) − 20 (no HSTS) − 5 (no nosniff) − 20 (no frame protection)
    expect([withoutHeaders.grade, withoutHeaders.score]).toEqual(['D', 30]);
    const failed = withoutHeaders.tests.filter((test) => !test.pass).map((test) => test.result);
    expect(failed).toEqual(
      expect.arrayContaining(['csp-not-implemented', 'hsts-not-implemented', 'x-content-type-options-not-implemented', 'x-frame-options-not-implemented']),
    );

    const site = await deployment();
    const untrusted = await gradeDeployment({ httpOrigin: site.httpOrigin, httpsOrigin: site.httpsOrigin });
    expect(untrusted.certificateVerified).toBe(false);
    const results = Object.fromEntries(untrusted.tests.map((test) => [test.name, test.result]));
    expect(results).toMatchObject({ 'strict-transport-security': 'hsts-invalid-cert', redirection: 'redirection-invalid-cert' });
    expect(untrusted.score).toBeLessThan(requiredScore);
  }, 30_000);
});
