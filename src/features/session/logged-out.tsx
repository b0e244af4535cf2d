import { useEffect, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { reportError } from '../../api/log';
import { inactivityTimeoutMinutes } from '../../contract/limits';
import { useI18n } from '../../i18n/i18n-context';
import { limits } from '../../config/limits';
import { ErrorIllustration } from '../../ui/error-illustration';
import { LoggedOutIllustration } from '../../ui/illustrations';
import { Page } from '../../ui/page';
import { pathOf } from '../../screens/screens';
import { endSession, type SessionEnd } from './end-session';
import { leaveFor } from './leave';

/**
 * The loader of logout/ and timeout/: ends a session that is still signed in (end-session.ts). The
 * promise is returned un-awaited, so the page is drawn (or hydrated) at once in its neutral form.
 */
export function loggedOutLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { session: endSession(`${url.pathname}${url.search}`) };
}

/** Ending a session is single-use: a revalidation (after a form, a `revalidate()`) must not do it again. */
export const loggedOutShouldRevalidate = () => false;

/**
 * The logged-out page (logout/) and the timeout page (timeout/): SPEC §2 "Logout and timeout page",
 * docs/decisions/013. Until the session is known to be ended the page says only that it is logging
 * out: that is also what the prerendered page shows at first paint, and all a page without
 * JavaScript can show. The heading and lead to come keep their room meanwhile (unseen), so nothing
 * moves when they appear.
 */
export function LoggedOutPage({ variant }: { variant: 'logout' | 'timeout' }) {
  const { t } = useI18n();
  const { session } = useLoaderData<typeof loggedOutLoader>();
  // Set after hydration (effects do not run in the prerender): the first render is the neutral one everywhere.
  const [outcome, setOutcome] = useState<SessionEnd | null>(null);
  useEffect(() => {
    let current = true;
    void session.then((settled) => {
      if (current) setOutcome(settled);
    });
    return () => {
      current = false;
    };
  }, [session]);
  useEffect(() => {
    // In place of this page: Back must not come here and log out again.
    if (outcome?.kind === 'leave') void leaveFor(outcome.to, { replace: true });
    if (outcome?.kind === 'failed') void reportError(outcome.error, { source: 'logout-page' });
  }, [outcome]);

  if (outcome?.kind === 'failed') {
    return (
      <Page title={t('logout.failed')} heading={t('logout.failed')} illustration={<ErrorIllustration />}>
        <p className="page__lead">{t('logout.failed_body')}</p>
        <div className="button-row">
          <button type="button" className="hds-button hds-button--large hds-button--primary" onClick={() => window.location.reload()}>
            {t('error.retry')}
          </button>
        </div>
      </Page>
    );
  }

  const timeout = variant === 'timeout';
  const signedOut = outcome?.kind === 'signed-out';
  const heading = t(timeout ? 'timeout.heading' : 'logout.heading');
  const rule = t('timeout.rule', { minutes: inactivityTimeoutMinutes });
  const said = t('timeout.subheading', { minutes: inactivityTimeoutMinutes });
  return (
    <Page
      title={signedOut ? t(timeout ? 'timeout.title' : 'logout.title') : t('logout.ending')}
      heading={
        // The settled heading keeps its room from the start, unseen (CSS generated content, not text of
        // the page); one text that changes in place, so the settled heading is no new largest paint.
        <span className="pending-heading" data-final={heading}>
          <span className="pending-heading__now">
            {signedOut ? heading : t('logout.ending')}
            {signedOut ? null : <PendingSpinner />}
          </span>
        </span>
      }
      illustration={<LoggedOutIllustration />}
    >
      {/*
       * There from the first paint, true whether or not a session was live (decision 013): the logout
       * page's lead as it is, the timeout page's as the rule until the check says it applied. One
       * element whose text changes: the page's largest text is drawn by its HTML alone.
       */}
      {timeout ? (
        // Both texts' room kept, the other one's as unseen generated content: nothing moves at the change.
        <p className="hds-text-h3 page__lead pending-text" data-other={signedOut ? rule : said}>
          <span className="pending-text__now">{signedOut ? said : rule}</span>
        </p>
      ) : (
        <p className="hds-text-h3 page__lead">{t('logout.body')}</p>
      )}
      {/* Said once the session is known to be ended, for those who started reading the page before. */}
      <p className="visually-hidden" role="status">
        {signedOut ? heading : ''}
      </p>
      <div className="button-row">
        <Link className="hds-button hds-button--large hds-button--primary" to={pathOf('privateLogin')}>
          {t('logout.login_private')}
        </Link>
        <Link className="hds-button hds-button--large hds-button--secondary" to={pathOf('business')}>
          {t('logout.login_business')}
        </Link>
      </div>
    </Page>
  );
}

/**
 * A small spinner after the heading "Logging out …" once the check takes longer than SPEC §2's delay.
 * Only a picture: the heading says what happens, and the status above says when it is done.
 */
function PendingSpinner() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), limits.spinnerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return slow ? <span className="hds-spinner hds-spinner--small pending-heading__spinner" aria-hidden="true" /> : null;
}
