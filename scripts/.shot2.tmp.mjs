import { chromium } from 'playwright-core';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
async function shot(name, w, fn) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w < 600 ? 800 : 900 } });
  const page = await ctx.newPage();
  page.on('pageerror', e => console.log('pageerror', e.message));
  await fn(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: true });
  await ctx.close();
}
for (const w of [375, 1280]) {
  await shot('login-errors', w, async (p) => {
    await p.goto(base + '/innlogging/en/');
    await p.getByRole('button', { name: 'Log in with national ID number and password' }).click();
    await p.getByLabel('National ID number').fill('123');
    await p.getByRole('button', { name: 'Log in', exact: true }).click();
  });
  await shot('login-wrong', w, async (p) => {
    await p.goto(base + '/innlogging/nn/');
    await p.getByRole('button', { name: 'Logg inn med fødselsnummer og passord' }).click();
    await p.getByLabel('Fødselsnummer').fill('01817010055');
    await p.getByLabel('Passord', { exact: true }).fill('feilpassord');
    await p.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await p.waitForTimeout(800);
  });
  await shot('wrong-role', w, async (p) => {
    await p.request.post(base + '/dev/api/session', { data: { role: 'VIRKSOMHET' } });
    await p.goto(base + '/innlogging/');
  });
  await shot('idporten', w, async (p) => {
    await p.goto(base + '/innlogging/');
    await p.getByRole('button', { name: 'Logg inn med elektronisk ID' }).click();
    await p.waitForURL(/idporten/);
  });
  await shot('postkasse', w, async (p) => {
    await p.goto(base + '/innlogging/');
    await p.getByRole('button', { name: 'Logg inn med elektronisk ID' }).click();
    await p.getByRole('button', { name: 'Kari Nordmann' }).click();
    await p.waitForURL(/postkasse/);
  });
  await shot('login-failed', w, async (p) => { await p.goto(base + '/innlogging/innloggingFeilet?kode=IKKE_AUTORISERT'); });
  await shot('login', w, async (p) => { await p.goto(base + '/innlogging/en/'); });
}
await browser.close();
