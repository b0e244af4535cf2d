/**
 * The build's prerender (scripts/prerender.ts, run here in a child process into a temporary folder)
 * gives markup for every prerenderable screen; that markup of every prerenderable screen, in every language and at phone and desktop
 * widths, hydrates without a single difference. React's development build reports any mismatch (text,
 * element or attribute) with console.error, which fails the test (test-setup.ts); the production
 * build would silently keep a wrong attribute, so this is where such a bug is caught. The browser side
 * is answered by the emulator in this process (server/emulator/test-fetch.ts), as a new visitor.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { act } from 'react';
import { RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appClients } from '../../server/emulator/oauth';
import { emulatorFetchForTests } from '../../server/emulator/test-fetch';
import { prerenderedMarkup } from '../../server/prerendered';
import { requireLink } from '../api/links';
import type { RootDocument } from '../api/root';
import { apiPaths } from '../config/paths';
import { languages, type Language } from '../contract/languages';
import { basePath, parseAppLocation, pathInLanguage, routerBasename } from '../config/routes';
import { screenAt, screenManifest, type ScreenName } from '../screens/screens';
import type { TextKey } from '../i18n/nb';
import { setRuntimeSettings } from '../config/test-runtime-settings';
import { chatbotPartAttribute, withoutChatbot } from '../features/chatbot/chatbot-markup';
import { forgetRootDocument } from '../features/session/root-document';
import { loadAllTexts, loadTexts } from '../i18n/texts';
import { AppRoot } from './app-root';
import { whenFirstScreenReady } from './boot/first-render';
import { mountApp } from './boot/mount';
import { renderedAttribute } from './boot/prerender-marks';
import { createAppRouter } from './router';

let dataDir: string;
let ssrDir: string;
let prerendered: Record<string, string>;

const backend = emulatorFetchForTests('hydration');
/** The sample value of a path parameter in the tests' names; a page gets a real token in its place. */
const sampleToken = 'AbCdEf123456';

beforeAll(() => {
  // React is driven directly here (not through Testing Library): tell it updates are awaited with act.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'innlogging-hydration-'));
  // In its own process: a server renderer and a browser renderer in one process share React's
  // context state, which is never the case in the product.
  const outFile = path.join(dataDir, 'pages.json');
  const tsx = path.resolve('node_modules', '.bin', 'tsx');
  // Inside the project, so the build for Node finds react and the rest in node_modules.
  ssrDir = path.resolve('node_modules', '.cache', `innlogging-prerender-test-${process.pid}`);
  const result = spawnSync(tsx, ['scripts/prerender.ts', '--out', outFile, '--ssr-dir', ssrDir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`prerender failed: ${result.stderr}`);
  prerendered = JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, string>;
}, 120_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(ssrDir, { recursive: true, force: true });
});

/** Every screen the manifest has prerendered, with sample values where the build used stand-ins. */
const relativePaths = Object.values(screenManifest)
  .filter((screen) => screen.prerendered)
  .map((screen) => (screen.path === '*' ? 'no/such/page' : screen.path.replace(/:\w+/g, sampleToken)));
const pages = languages.flatMap((language) =>
  relativePaths.map((relativePath) => ({ language, pathname: pathInLanguage(`${basePath}/${relativePath}`, language) })),
);

/**
 * Screens whose heading changes once hydrated: the logged-out pages say so only after checking that
 * nobody is signed in (docs/decisions/013); the emulator answers a new visitor, signed in nowhere.
 */
const settledHeadings: [ScreenName, TextKey][] = [
  ['logout', 'logout.heading'],
  ['timeout', 'timeout.heading'],
];

/** A new app authorization's token, from the emulator's stand-in for the app's start (GET /dev/api/oauth/start). */
async function appAuthorizationToken(): Promise<string> {
  const client = Object.keys(appClients)[0];
  const response = await backend.emulator.app.request(`/dev/api/oauth/start?client=${client}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`);
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** The address of a link of the emulator's root document. */
async function linkOf(relation: Parameters<typeof requireLink>[1]): Promise<string> {
  const root = (await (await backend.emulator.app.request(apiPaths.root)).json()) as RootDocument;
  return requireLink(root.link, relation).uri;
}

/**
 * Hydrates the prerendered markup of one page, as the server hands it out (`served`: the server's
 * changes for its settings), and checks there was not a single difference.
 */
async function expectHydrates(
  { language, pathname: named, width }: { language: Language; pathname: string; width: number },
  served: (html: string) => string = (html) => html,
) {
  // The app's pages hold the token of an app authorization the emulator issued, which they bind to
  // this browser first (docs/decisions/019); the server serves the markup made for a stand-in token
  // with the real one in its place.
  const pathname = named.includes(sampleToken) ? named.replace(sampleToken, await appAuthorizationToken()) : named;
  // The redirect screen starts the eID reset at once: the identity provider's answer is still on its
  // way (the emulator's "slow" fault, at its longest, far longer than this file runs), so the page
  // keeps showing what it shows while it waits.
  const redirecting = pathname.endsWith(`/${screenManifest.forgotPasswordRedirect.path}`);
  if (redirecting) await backend.dev.fault({ path: await linkOf('login_secure_new_auth'), method: 'POST', mode: 'slow', delayMs: 120_000 });
  vi.stubGlobal('innerWidth', width);
  const warnings = vi.spyOn(console, 'warn');
  const location = parseAppLocation(pathname)!;
  const markup = prerenderedMarkup(prerendered, language, pathname, location.relativePath, screenAt(location.relativePath));
  expect(markup).toBeTruthy();
  const html = served(markup!);

  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const container = document.getElementById('root')!;
  const heading = container.querySelector('h1')?.textContent;
  expect(heading).toBeTruthy();

  // The texts as the browser has them at first: only the page part (src/i18n/page/). A part that names
  // a later text (src/i18n/later/) without awaiting loadLaterTexts first shows the key instead of the
  // text: a difference from the prerendered markup (made with every text) and a "Missing text key"
  // warning, and this test fails. Loaded before the router, as in the browser (run.tsx): a route that
  // loads later texts with its code adds them to this table.
  const texts = await loadTexts(language);
  forgetRootDocument();
  const router = createAppRouter(routerBasename(location));
  await whenFirstScreenReady(router, Number.POSITIVE_INFINITY);
  // The status banner's lazy code and the later texts' module, loaded before the app mounts (the table
  // does not get them until a part asks): inside act React renders only when the callback is done, and
  // a module still loading then would resolve after act, outside it.
  await Promise.all([import('../features/status-banner/status-banner'), import(`../i18n/later/${language}.ts`)]);
  const settled = settledHeadings.find(([screen]) => pathname.endsWith(`/${screenManifest[screen].path}`));
  await act(async () => {
    mountApp(
      container,
      <AppRoot language={language} texts={texts}>
        <RouterProvider router={router} />
      </AppRoot>,
      true,
    );
  });
  // The status banner hydrated with the rest and asked the status page: its lazy code was already
  // loaded (above), so act's own flushing covers it, on a busy machine too (no fixed wait).
  expect(backend.sent.some((call) => call.path.includes('/statuspage/'))).toBe(true);
  expect(warnings.mock.calls).toEqual([]);
  expect(container.getAttribute(renderedAttribute)).toBe('hydrated');
  expect(container.querySelector('h1')?.textContent).toBe(settled ? texts[settled[1]] : heading);
  // The redirect screen starts the eID reset at once (its heading says so while it waits); no other
  // page submits anything by itself.
  const posted = backend.sent.filter((call) => call.method === 'POST' && !call.path.endsWith('/bind'));
  expect(posted.length > 0).toBe(redirecting);
  // After hydration the header (where there is one) keeps only the navigation that fits the width.
  if (container.querySelector('header')) expect(container.querySelectorAll('.hds-navbar__navigation')).toHaveLength(width >= 900 ? 1 : 0);
  router.dispose();
  return container;
}

describe('prerendered screens hydrate without a difference', () => {
  it.each(pages.flatMap((page) => [375, 1280].map((width) => ({ ...page, width }))))('$pathname at $width px', async (page) => {
    await expectHydrates(page);
  });

  it.each(languages.map((language) => ({ language, pathname: pathInLanguage(`${basePath}/`, language), width: 375 })))(
    'without a chatbot: $pathname, served without the chat button, hydrates without it',
    async (page) => {
      setRuntimeSettings({ chatbotUrl: '' });
      try {
        const container = await expectHydrates(page, withoutChatbot);
        expect(container.querySelector('footer')).not.toBeNull();
        expect(container.querySelector('#chatbot-status')).toBeNull();
        expect(container.querySelector(`[${chatbotPartAttribute}]`)).toBeNull();
        const chat = (await loadAllTexts(page.language))['footer.chatbot'];
        expect([...container.querySelectorAll('footer button')].map((button) => button.textContent)).not.toContain(chat);
      } finally {
        setRuntimeSettings(null);
      }
    },
  );
});
