import { chromium } from 'playwright-core';
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const p of paths) {
  for (const [w,h,n] of [[375,800,'phone'],[1280,900,'desktop']]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    page.on('console', m => console.log('console', m.type(), m.text()));
    page.on('pageerror', e => console.log('pageerror', e.message));
    await page.goto(base + p); await page.waitForTimeout(800);
    const name = p.replace(/[^a-z0-9]+/gi,'_') + '-' + n + '.png';
    await page.screenshot({ path: '/tmp/shots/' + name, fullPage: true });
    console.log(name, await page.title());
    await ctx.close();
  }
}
await browser.close();
