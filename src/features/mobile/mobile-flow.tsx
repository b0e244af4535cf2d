import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { allowedAppRedirect } from '../../security/app-redirects';
import { loadLaterTexts } from '../../i18n/texts';
import { useI18n } from '../../i18n/i18n-context';
import type { TextKey } from '../../i18n/nb';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { LoaderData, useLoaderDataContext, useLoaderDataError } from '../../ui/loader-data';
import { Page } from '../../ui/page';
import { leaveFor } from '../session';
import { MobileErrorScreen, NotAllowedPage } from './mobile-pages';
import { requireRedirectUrl } from './mobile-params';

/**
 * After sending the browser to the app, how long before a button to open it is offered: a browser may
 * refuse to open an app without a tap, or the app may not open at all (issue #49). Here, not in
 * config/limits.ts, whose object is in every page's first load.
 */
const appHandBackButtonAfterMs = 3000;

/**
 * A mobile page's flow (SPEC §4, §5): the route's loader starts it and returns its promise
 * un-awaited, so the page shows its heading and spinner at once. It answers where the browser goes
 * next (the app, a login, a logout); a failure reaches the mobile routes' error element.
 */
export interface MobileFlow {
  destination: Promise<Destination>;
}

/**
 * Where a flow sends the browser: an address, or an address on the way to the app (a logout through
 * the identity provider that ends there) and the app's own. An address that is the app's is both.
 */
export type Destination = string | { to: string; app: string };

/** Starts a flow (in a loader). */
export function startMobileFlow(flow: () => Promise<Destination>): MobileFlow {
  const destination = flow();
  // The page's wrapper takes the failure (to the error element), but it may render after the flow has
  // failed: until then the rejection would count as unhandled and be reported a second time.
  destination.catch(() => {});
  return { destination };
}

/**
 * A mobile page's loader runs once per address: its steps are single-use (a token approval, a logout,
 * a login start), so React Router must not run it again when it revalidates (after a form, a
 * `revalidate()`); another address (another token) is another flow. Exported by every mobile route
 * as its `shouldRevalidate`.
 */
export const oncePerAddress: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;

/**
 * What every mobile page shows while its flow works: a heading, a spinner at once, and what is
 * happening; the spinner is the loader-data wrapper's (SPEC §2) until the flow answers, then the page
 * goes where it says. After a hop to the app the browser may stay on this page, which still says
 * what happened, and then offers a button to open the app. A failed flow shows the mobile error page
 * in its place: an outcome the page explains, not a crash for React to log.
 */
export function MobileFlowPage({
  flow,
  title,
  message,
  help = 'mobile.open_app_help',
  children,
}: {
  flow: MobileFlow;
  title: string;
  message: string;
  /** What the button's line says to do if the app does not open: by default, log in again there. */
  help?: TextKey;
  children?: ReactNode;
}) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // The app's address, once the browser has stayed here a moment after being sent there.
  const [stranded, setStranded] = useState<string | null>(null);
  if (failure) return <MobileErrorScreen error={failure.error} />;
  return (
    <Page title={title} heading={title}>
      <div className="mobile-page">
        <LoaderData resolve={flow.destination} size="large" delay={0} errorElement={<TakeFailure onFailure={(error) => setFailure({ error })} />}>
          <FollowDestination stranded={stranded !== null} onStranded={setStranded} />
        </LoaderData>
        <p className="mobile-page__message">{message}</p>
        {/* Said when it comes: the region is there from the start. */}
        <div className="mobile-page__open-app" aria-live="polite">
          {stranded ? <OpenApp href={stranded} help={help} /> : null}
        </div>
        {children}
      </div>
    </Page>
  );
}

/**
 * Leaves for the flow's destination, once (StrictMode's second effect included), in place of this
 * page: Back from the identity provider or the app must not land here and start the flow again.
 * When the way ends in the app and the browser is still here after a moment (a browser may refuse to
 * open an app without a tap, or the app may not open), the page is told: it offers a button instead
 * of the spinner.
 */
function FollowDestination({ stranded, onStranded }: { stranded: boolean; onStranded: (app: string) => void }) {
  const destination = useLoaderDataContext<Destination>();
  const to = typeof destination === 'string' ? destination : destination.to;
  const app = typeof destination === 'string' ? destination : destination.app;
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (followed.current === to) return;
    followed.current = to;
    void leaveFor(to, { replace: true });
  }, [to]);
  useEffect(() => {
    if (!allowedAppRedirect(app)) return;
    let waiting = true;
    const shown = Promise.all([new Promise((resolve) => setTimeout(resolve, appHandBackButtonAfterMs)), loadLaterTexts()]);
    void shown.then(
      () => waiting && onStranded(app),
      () => {},
    );
    return () => {
      waiting = false;
    };
  }, [app, onStranded]);
  return stranded ? null : <DelayedSpinner size="large" delay={0} />;
}

function OpenApp({ href, help }: { href: string; help: TextKey }) {
  const { t } = useI18n();
  return (
    <>
      <a className="hds-button hds-button--large hds-button--primary hds-button--mobile-full" href={href}>
        {t('mobile.open_app')}
      </a>
      <p>{t(help)}</p>
    </>
  );
}

/** Hands the flow's failure to the page, which then shows the error page instead. */
function TakeFailure({ onFailure }: { onFailure: (error: unknown) => void }) {
  const error = useLoaderDataError();
  useEffect(() => onFailure(error), [error, onFailure]);
  return null;
}

/**
 * The loader of a page that takes the browser to the app address in its URL (mobileRedirect,
 * mobileLogout; SPEC §5) through `toApp`: only an address of one of the apps, else no flow at all.
 */
export function appAddressLoader(toApp: (appUrl: string) => Promise<string>) {
  return ({ params }: LoaderFunctionArgs) => {
    const url = requireRedirectUrl(params.redirectUrl);
    return { flow: allowedAppRedirect(url) ? startMobileFlow(async () => ({ to: await toApp(url), app: url })) : null };
  };
}

/** Such a page: its flow, or the refusal (nothing is followed). */
export function AppAddressPage({ title, message, help }: { title: TextKey; message: TextKey; help?: TextKey }) {
  const { t } = useI18n();
  const { flow } = useLoaderData<ReturnType<typeof appAddressLoader>>();
  if (!flow) return <NotAllowedPage />;
  return <MobileFlowPage flow={flow} title={t(title)} message={t(message)} help={help} />;
}
