/** For component tests: routes rendered in a memory router at `path`, with a language's texts. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { en } from '../i18n/en';
import { I18nProvider } from '../i18n/i18n-context';
import type { Texts } from '../i18n/nb';
import type { Language } from '../contract/languages';

export function renderRoutes(routes: RouteObject[], path: string, { language = 'en', texts = en }: { language?: Language; texts?: Texts } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nProvider language={language} texts={texts}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}
