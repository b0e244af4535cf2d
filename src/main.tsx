import '@postenbring/hedwig-css/dist/index.css';
import './app/fonts.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { parseAppLocation, routerBasename } from './config/routes';
import { defaultLanguage } from './config/languages';
import { I18nProvider } from './i18n/i18n-context';
import { loadTexts } from './i18n/texts';
import { createAppRouter } from './app/router';
import { whenFirstScreenReady } from './app/first-render';
import { startAnalytics } from './features/analytics/analytics';
import { installErrorReporting } from './features/error-reporting/error-reporting';

installErrorReporting();

async function start() {
  const location = parseAppLocation(window.location.pathname) ?? {
    language: defaultLanguage,
    languageSegment: null,
    relativePath: '',
    fallbackPath: null,
  };
  if (location.fallbackPath) {
    // An unsupported language segment: the same screen in nb (the server redirects too).
    window.history.replaceState(null, '', `${location.fallbackPath}${window.location.search}${window.location.hash}`);
  }
  document.documentElement.lang = location.language;
  const texts = await loadTexts(location.language);
  const router = createAppRouter(routerBasename(location));
  await whenFirstScreenReady(router);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <I18nProvider language={location.language} texts={texts}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  startAnalytics();
}

void start();
