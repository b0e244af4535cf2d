// @vitest-environment node
/** The emulator's pages are built with hono/html: what is put in is escaped, markup put in stays markup. */
import { describe, expect, it } from 'vitest';
import { emulatorPage, html } from './html';

describe('emulatorPage', () => {
  it('escapes the title, the language and every value in the body; keeps nested markup', async () => {
    const name = `<img src=x onerror="alert('x')">&`;
    const rows = [html`<li>${name}</li>`, html`<li>plain</li>`];
    const page = String(await emulatorPage({ title: name, lang: '"><script>', body: html`<h1>${name}</h1><ul>${rows}</ul>` }));
    expect(page).not.toContain('<img');
    expect(page).not.toContain('"><script>');
    expect(page).toContain('<title>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</title>');
    expect(page).toContain('<h1>&lt;img');
    expect(page).toContain('<ul><li>&lt;img');
    expect(page).toContain('<li>plain</li>');
  });
});
