import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../api/log';
import { appUrl } from '../config/paths';
import { waitOf, whenText } from '../errors/wait';
import { useI18n } from '../i18n/i18n-context';
import { ErrorIllustration } from '../ui/error-illustration';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';
import { pageErrorCause, pageShown } from '../errors/page';

/**
 * The generic error page (SPEC §2): illustration, header, text. For a failed call (an error answer,
 * no answer, or a garbled one) it offers a retry of the same page; for any other error, links back to private and business login. The links
 * are full page loads: after an error, starting clean is the safer way back.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { language, t } = useI18n();
  const cause = pageErrorCause(error);
  // A failed call, a limit's too, is offered a retry of the same page.
  const apiError = cause !== 'other';
  // A text without #{when} ignores it (the catalogue's namesWait says which have one).
  const body = t(pageShown[cause].text, { when: whenText(t, waitOf(error)) });
  return (
    <Page title={t('error.title')} heading={t('error.heading')} illustration={<ErrorIllustration />}>
      <p className="page__lead">{body}</p>
      <div className="button-row">
        {apiError ? (
          <button type="button" className="hds-button hds-button--large hds-button--primary" onClick={() => window.location.reload()}>
            {t('error.retry')}
          </button>
        ) : (
          <>
            <a className="hds-button hds-button--large hds-button--primary" href={appUrl(language, pathOf('privateLogin'))}>
              {t('error.back_private')}
            </a>
            <a className="hds-button hds-button--large hds-button--secondary" href={appUrl(language, pathOf('business'))}>
              {t('error.back_business')}
            </a>
          </>
        )}
      </div>
    </Page>
  );
}

/** Route error element: shows the error page and reports the error unless already reported (shouldReport). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    void reportError(error, { source: 'route' });
  }, [error]);
  return <ErrorPage error={error} />;
}
