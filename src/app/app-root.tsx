import { StrictMode, useEffect, type ReactNode } from 'react';
import type { Language } from '../contract/languages';
import { I18nProvider } from '../i18n/i18n-context';
import type { Texts } from '../i18n/nb';
import { releaseEarlyInput } from './boot/early-input';

/** After the first commit (the screen is hydrated), what was done before the app ran is done again. */
function TakeOverEarlyInput() {
  useEffect(() => releaseEarlyInput(), []);
  return null;
}

/**
 * What wraps the router, the same in the browser and in the build's prerender: hydration needs the
 * two trees to be identical.
 */
export function AppRoot({ language, texts, children }: { language: Language; texts: Texts; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider language={language} texts={texts}>
        {children}
      </I18nProvider>
      {/* Last, so its effect runs after those of the screen. */}
      <TakeOverEarlyInput />
    </StrictMode>
  );
}
