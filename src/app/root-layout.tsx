import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n-context';
import { remainingSpinnerDelay } from './boot/first-render';
import { DelayedSpinner } from '../ui/delayed-spinner';
import { RouteErrorPage } from './error-page';
import { SiteFooter } from './footer';
import { Header } from './header';
import { groupAt, headerAt } from '../screens/screens';

/**
 * The status banner shows only while the status page reports something, so its code (and the calls)
 * load after the page, not with it: the first load carries none of it, and the banner's own code and
 * texts come only when there is something to show (status-banner.tsx).
 */
const StatusBanner = lazy(() => import('../features/status-banner/status-banner').then((module) => ({ default: module.StatusBanner })));

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useI18n();
  return (
    <div className="site">
      {/* First on the page, before the status banner: keyboard users skip straight to the content. */}
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <Suspense fallback={null}>
        <StatusBanner />
      </Suspense>
      {headerAt(pathname.slice(1)) === 'none' ? null : <Header />}
      <main id="main" className="site-main hds-container" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter minimal={groupAt(pathname.slice(1)) === 'mobile'} />
    </div>
  );
}

export function RootLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Shown while the first screen's code loads: the frame is there at once, a spinner only if it is slow. */
export function RootHydrateFallback() {
  const [spinnerDelay] = useState(remainingSpinnerDelay);
  return (
    <Shell>
      <DelayedSpinner size="large" delay={spinnerDelay} />
    </Shell>
  );
}

/** An error in the frame itself: the error page in a fresh frame. */
export function RootErrorPage() {
  return (
    <Shell>
      <RouteErrorPage />
    </Shell>
  );
}
