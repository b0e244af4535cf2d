/**
 * The static deployment with TLS, started as the container starts it (docs/deploy/entrypoint.sh, a
 * self-signed certificate for localhost): http only leads to https on the same host, https carries
 * HSTS and speaks HTTP/2, Mozilla's HTTP Observatory grades it A+ with a score of at least 110, and a
 * person signs in through it.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { expect, expectNoAxeViolations, guardPage, snoozePasskeyOffer, test, text } from './support/fixtures';
import { startNginx, type RunningNginx } from './support/nginx';
import { formatGrade, gradeDeployment, requiredGrade, requiredScore } from '../../scripts/observatory';

let nginx: RunningNginx;

test.beforeAll(async ({ baseURL }) => {
  nginx = await startNginx(baseURL ?? '', { tls: true });
});

test.afterAll(async () => {
  await nginx?.stop();
});

/** A GET over http with the Host header as given (localhost and the port by default). */
function rawHttpGet(origin: string, path: string, host?: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path, agent: false, headers: { Host: host ?? `localhost:${port}` } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    })
      .on('error', reject)
      .end();
  });
}

/** A GET over https; with `host`, that Host header over a connection to localhost (its SNI name and certificate). */
function httpsGet(url: string, ca: Buffer, host?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { ca, agent: false, servername: 'localhost', headers: host ? { Host: host } : {} }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    })
      .on('error', reject)
      .end();
  });
}

test.describe('the TLS deployment (docs/deploy/)', () => {
  test('http leads only to https on the same host, path and query kept; https has HSTS and HTTP/2', async () => {
    const https = new URL(nginx.httpsUrl ?? '');
    for (const path of ['/', '/innlogging/en/business?x=1', '/post/api', '/innlogging/finnes-ikke']) {
      const answer = await rawHttpGet(nginx.url, path);
      expect(answer.status, path).toBe(301);
      expect(answer.location, path).toBe(`https://localhost:${https.port}${path}`);
    }
    const ca = readFileSync(nginx.certificate ?? '');
    const page = await httpsGet(`${nginx.httpsUrl}/innlogging/en/business`, ca);
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const protocol = await new Promise<string | false | null>((resolve, reject) => {
      const socket = connect({ host: 'localhost', port: Number(https.port), ca, ALPNProtocols: ['h2', 'http/1.1'], servername: 'localhost' }, () => {
        resolve(socket.alpnProtocol);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(protocol).toBe('h2');
  });

  // Issue #34 item 7: with no host configured, a Host of evil.example was answered
  // 301 https://evil.example:<port>/…; now the start requires SERVER_NAME with TLS (localhost here).
  test('http redirects to the configured host only, whatever Host a request names; https for another host answers 421', async () => {
    const https = new URL(nginx.httpsUrl ?? '');
    const httpPort = new URL(nginx.url).port;
    for (const host of ['evil.example', `evil.example:${httpPort}`, 'localhost.evil.example', '127.0.0.1']) {
      const answer = await rawHttpGet(nginx.url, '/innlogging/en/business?x=1', host);
      expect(answer.status, host).toBe(301);
      expect(answer.location, host).toBe(`https://localhost:${https.port}/innlogging/en/business?x=1`);
    }
    const ca = readFileSync(nginx.certificate ?? '');
    expect((await httpsGet(`${nginx.httpsUrl}/innlogging/en/business`, ca, 'evil.example')).status).toBe(421);
    expect((await httpsGet(`${nginx.httpsUrl}/innlogging/en/business`, ca, `localhost:${https.port}`)).status).toBe(200);
  });

  test('a person signs in with a password over https', async ({ browser, consoleGuard }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    await snoozePasskeyOffer(context);
    const page = await context.newPage();
    await guardPage(page, consoleGuard);
    await page.goto(`${nginx.httpsUrl}/innlogging/nn/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nn', 'login.heading'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text('nn', 'login.password_accordion') }).click();
    await page.getByLabel(text('nn', 'login.national_id')).fill('01817010055');
    await page.getByLabel(text('nn', 'login.password'), { exact: true }).fill('Sommerfugl-42');
    await page.getByRole('button', { name: text('nn', 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/postkasse\/$/);
    await context.close();
  });

  test("graded by the field's own grader: Mozilla HTTP Observatory, A+ with a score of at least 110", async () => {
    test.setTimeout(180_000);
    // The scanner asks for its one host name over http and https (the certificate names localhost).
    const grade = await gradeDeployment({
      httpOrigin: nginx.url.replace('127.0.0.1', 'localhost'),
      httpsOrigin: nginx.httpsUrl ?? '',
      caFile: nginx.certificate,
    });
    console.log(formatGrade(grade));
    expect(grade.certificateVerified, "the scan trusted the deployment's certificate").toBe(true);
    expect(grade.tests.filter((result) => !result.pass).map((result) => `${result.name}: ${result.result}`)).toEqual([]);
    expect(grade.grade).toBe(requiredGrade);
    expect(grade.score).toBeGreaterThanOrEqual(requiredScore);
  });
});
