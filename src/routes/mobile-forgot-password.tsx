/**
 * Forgot password in the app's flow (mobileLogin/:token/forgot-password, docs/decisions/018): the web
 * page's two ways on, kept in the flow. eID logs in to the app without a password; the one-time-code
 * reset ends with a sign-in with the new password, which counts as the flow's login and goes on to the
 * app's approval (mobileSuccess/:token), not the web mailbox; if that sign-in is refused, the person
 * logs in on the app's password page, not the web login.
 */
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';
import { oncePerAddress } from '../features/mobile/mobile-flow';
import { requireToken } from '../features/mobile/mobile-params';
import { enterAppLogin } from '../features/mobile/session-for-mobile';
import { ForgotPasswordOptions } from '../features/password-reset/forgot-password-options';
import { resetRouteAction } from '../features/password-reset/reset-route-action';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

export async function loader({ params, request }: LoaderFunctionArgs) {
  // Already signed in as a private person: on to the app's approval, as from the password page.
  return enterAppLogin(params.token, request);
}

// Its loader may log a business session out: once per address (the wizard's steps and calls do not run it again).
export const shouldRevalidate = oncePerAddress;

/** The wizard's calls; its sign-in is a login made in the app's flow (docs/decisions/019). */
export async function action({ request, params }: ActionFunctionArgs) {
  return resetRouteAction(await request.formData(), { appAuthorization: requireToken(params.token) });
}

export function Component() {
  const { t } = useI18n();
  const { token } = useLoaderData<typeof loader>();
  const eidLogin = pathOf('mobileEidLogin', { token, idportenLevel: 'idporten3' });
  const trackEid = (label: string) => () => track({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.buttonClick, label });
  // eID needs no password: a login into the same app flow, from section one or from a wizard warning.
  const eid = (className: string, label: string) => (
    <Link className={`hds-button hds-button--large ${className}`} to={eidLogin} onClick={trackEid(label)}>
      {t('login.eid_button')}
    </Link>
  );
  return (
    <Page title={t('forgot.title')} heading={t('forgot.heading')}>
      <p className="mobile-forgot__back">
        <Link to={pathOf('mobilePasswordLogin', { token })}>{t('forgot.app_back')}</Link>
      </p>
      <ForgotPasswordOptions
        lead={t('forgot.app_lead')}
        eidBody={t('forgot.app_eid_body')}
        eidStart={eid('hds-button--primary', 'mobile forgot password eid login')}
        eidInWarning={eid('hds-button--secondary', 'mobile forgot password eid login after warning')}
        afterSignIn={pathOf('mobileSuccess', { token })}
        // Step 5's sign-in refused: log in with the new password on the app's page, still in its flow.
        logInAgain={pathOf('mobilePasswordLogin', { token })}
        onOpenCodes={() =>
          track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.buttonClick, label: 'mobile forgot password codes' })
        }
      />
    </Page>
  );
}
