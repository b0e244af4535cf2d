/**
 * The build's prerender (docs/decisions/008): renders one screen in one language to HTML with the
 * same route table and wrapper as the browser, running the screen's loaders (the build points fetch
 * at an in-process emulator, so the data is an anonymous visitor's). The browser hydrates this markup
 * once its own loaders have run (app/boot/run.tsx). Built by Vite for Node (scripts/prerender.ts).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../contract/languages';
import { loadAllTexts } from '../i18n/texts';
import { AppRoot } from './app-root';
import { appRoutes } from './router';

export interface PrerenderedScreen {
  /** The markup inside #root; null when the screen is not the same for every visitor (no prerender). */
  html: string | null;
  status: number;
  reason?: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** `url` is absolute (http://localhost/innlogging/nn/timeout); `basename` as the browser's router has it. */
export async function prerenderScreen(url: string, basename: string, language: Language): Promise<PrerenderedScreen> {
  const handler = createStaticHandler(appRoutes, { basename });
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { html: null, status: context.status, reason: `redirects to ${context.headers.get('Location')}` };
  if (context.errors) return { html: null, status: context.statusCode, reason: `a loader failed: ${JSON.stringify(context.errors)}` };
  const router = createStaticRouter(handler.dataRoutes, context);
  const texts = await loadAllTexts(language);
  const { prelude } = await prerenderToNodeStream(
    <AppRoot language={language} texts={texts}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
    // Every boundary in place: no boundary moved to the end of the document with a script to put it
    // back (the Content-Security-Policy allows no inline script, and there is nothing to stream).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await streamToString(prelude);
  // Markup that needs a script to be complete would be broken under the CSP: never ship it.
  if (/<script|<!--\$[?!]/.test(html)) throw new Error(`The prerendered ${url} holds a script or an unfinished boundary`);
  return { html, status: context.statusCode };
}
