import { useEffect, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { reportError } from '../../api/log';
import { inactivityTimeoutMinutes } from '../../contract/limits';
import { useI18n } from '../../i18n/i18n-context';
import { DelayedSpinner } from '../../ui/delayed-spinner';
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
  return (
    <Page
      title={signedOut ? t(timeout ? 'timeout.title' : 'logout.title') : t('logout.ending')}
      heading={
        signedOut ? (
          heading
        ) : (
          // The heading to come takes its room already, unseen (CSS generated content, not text of the page).
          <span className="pending-heading" data-final={heading}>
            <span className="pending-heading__now">{t('logout.ending')}</span>
          </span>
        )
      }
      illustration={<LoggedOutIllustration />}
    >
      <div className="pending-lead">
        <p className={signedOut ? 'hds-text-h3 page__lead' : 'hds-text-h3 page__lead pending-lead__unseen'}>
          {timeout ? t('timeout.subheading', { minutes: inactivityTimeoutMinutes }) : t('logout.body')}
        </p>
        {signedOut ? null : <DelayedSpinner />}
      </div>
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
