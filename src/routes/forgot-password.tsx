/**
 * Forgot password (forgot-password/ and forgot-password/redirect, SPEC §2): a new password through
 * eID (a level-4, elevated login) or with one-time codes in the reset wizard. In redirect mode the
 * page goes on to the eID reset at once: other services link there to start it without an extra click.
 */
import { useEffect, useRef } from 'react';
import { useActionData, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { requireLink } from '../api/links';
import { startSecureLogin } from '../api/login';
import { passwordResetReturnUrl } from '../config/paths';
import { parseAppLocation } from '../config/routes';
import { EidFallbackButton } from '../features/login/eid-fallback-button';
import { isResetCall } from '../features/password-reset/reset-url';
import { resetLoader, resetRouteAction } from '../features/password-reset/reset-route-action';
import { privateLoginStart } from '../features/login/login-start';
import { ForgotPasswordOptions } from '../features/password-reset/forgot-password-options';
import { redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { DelayedSpinner } from '../ui/delayed-spinner';
import { Page } from '../ui/page';
import { BusyButton } from '../ui/busy-button';

/** The root document (cached: a step costs no call), and the wizard's step when the URL names one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [root, reset] = await Promise.all([loadRootDocument(), resetLoader(request)]);
  return { root, reset };
}

/** The wizard's forms (by their intent), or section one's eID start. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isResetCall(form)) return resetRouteAction(request, form);
  const root = await loadRootDocument();
  const language = parseAppLocation(new URL(request.url).pathname)?.language ?? 'nb';
  const link = requireLink(root.link, 'login_secure_new_auth');
  const location = await startSecureLogin(link, privateLoginStart(language, { level: 4, elevation: true, returnUrl: passwordResetReturnUrl }));
  return redirectOut(location);
}

export function ForgotPasswordPage({ redirectMode }: { redirectMode: boolean }) {
  const { t } = useI18n();
  const { reset } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const eid = useFetcher();
  const eidBusy = eid.state !== 'idle';
  const started = useRef(false);

  useEffect(() => {
    if (!redirectMode || started.current) return;
    started.current = true;
    void eid.submit(null, { method: 'post' });
  }, [redirectMode, eid]);

  const eidForm = (
    <eid.Form method="post" onSubmit={(event) => eidBusy && event.preventDefault()}>
      <BusyButton type="submit" className="hds-button hds-button--large hds-button--primary" busy={eidBusy} busyLabel={t('forgot.eid_busy')}>
        {t('forgot.eid_button')}
      </BusyButton>
    </eid.Form>
  );

  // Section one's eID start, offered again inside a wizard warning that leaves eID as the way on.
  const eidInWarning = (
    <EidFallbackButton
      busy={eidBusy}
      label={t('reset.eid_button')}
      busyLabel={t('forgot.eid_busy')}
      onStart={() => void eid.submit(null, { method: 'post' })}
    />
  );

  if (redirectMode) {
    return (
      <Page title={t('forgot.title')} heading={t('forgot.redirecting')}>
        <DelayedSpinner size="large" delay={0} />
        <eid.Form method="post" className="redirect-fallback" onSubmit={(event) => eidBusy && event.preventDefault()}>
          <button type="submit" className="hds-button hds-button--large hds-button--tertiary">
            {t('forgot.redirect_fallback')}
          </button>
        </eid.Form>
      </Page>
    );
  }

  return (
    <Page title={t('forgot.title')} heading={t('forgot.heading')}>
      <ForgotPasswordOptions
        lead={t('forgot.lead')}
        eidBody={t('forgot.eid_body')}
        eidStart={eidForm}
        eidInWarning={eidInWarning}
        reset={reset}
        answer={answer}
      />
    </Page>
  );
}

export function Component() {
  return <ForgotPasswordPage redirectMode={false} />;
}
