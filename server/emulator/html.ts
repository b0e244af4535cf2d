/** A small page frame for the emulator's own pages (simulated identity providers, stand-in areas). */
import { Hono } from 'hono';
import { html } from 'hono/html';

/** What `html` (hono/html) gives: every value put into it is escaped unless it is such markup itself. */
export type Markup = ReturnType<typeof html>;

export { html };

const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f2; color: #1a1a1a; }
  .bar { background: #1a1a1a; color: #fff; padding: 12px 24px; font-size: 14px; }
  main { max-width: 640px; margin: 32px auto; padding: 32px; background: #fff; border-radius: 8px; }
  h1 { margin-top: 0; font-size: 28px; }
  .choices { list-style: none; padding: 0; display: grid; gap: 12px; }
  button, .button { font: inherit; font-size: 18px; padding: 12px 20px; border-radius: 6px; border: 2px solid #1a1a1a;
    background: #fff; color: #1a1a1a; cursor: pointer; width: 100%; text-align: left; text-decoration: none; display: block; box-sizing: border-box; }
  button.primary { background: #1a1a1a; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #e32d22; outline-offset: 2px; }
  .hint { color: #4a4a4a; font-size: 15px; }
  .message { white-space: pre-line; font-weight: normal; }
  /* The outbox's table stays inside its card: long addresses wrap; on a phone each row is a block of lines. */
  main:has(table) { max-width: 960px; }
  table { width: 100%; border-collapse: collapse; }
  td { vertical-align: top; overflow-wrap: break-word; padding: 6px 4px; border-top: 1px solid #ddd; }
  @media (max-width: 640px) {
    main { padding: 16px; margin: 16px auto; }
    table, tbody, tr, td { display: block; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tr { border-top: 1px solid #ddd; padding: 8px 0; }
    td { border: 0; padding: 2px 0; }
  }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; }
  dt { font-weight: 600; }
  a { color: #1a1a1a; }
`;

/** A stylesheet of its own, not a <style> element: the Content-Security-Policy allows no inline styles. */
const stylesheetPath = '/dev/emulator.css';

/** Mounted at /dev: serves the stylesheet at stylesheetPath. */
export function emulatorStyleRoutes() {
  const routes = new Hono();
  routes.get('/emulator.css', (c) => c.body(styles, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  return routes;
}

export function emulatorPage({ title, lang = 'en', body }: { title: string; lang?: string; body: Markup }): Markup {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/svg+xml" href="/innlogging/favicon.svg">
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<header class="bar">Backend emulator: a stand-in for a real service, for development and demos.</header>
<main>
${body}
</main>
</body>
</html>`;
}
