/**
 * Forgot password in the app's flow (mobileLogin/:token/forgot-password, docs/decisions/018): the web
 * page's two ways on, kept in the flow. eID logs in to the app without a password; the one-time-code
 * reset ends with a sign-in with the new password, which counts as the flow's login and goes on to the
 * app's approval (mobileSuccess/:token), not the web mailbox; if that sign-in is refused, the person
 * logs in on the app's password page, not the web login.
 */
import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';
import { oncePerAddress } from '../features/mobile/mobile-flow';
import { requireToken } from '../features/mobile/mobile-params';
import { enterAppLogin } from '../features/mobile/session-for-mobile';
import { ForgotPasswordOptions } from '../features/password-reset/forgot-password-options';
import { resetLoader, resetRouteAction } from '../features/password-reset/reset-route-action';
import { resetChanged } from '../features/password-reset/reset-url';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

export async function loader({ params, request }: LoaderFunctionArgs) {
  // Already signed in as a private person: on to the app's approval, as from the password page.
  const [entered, reset] = await Promise.all([enterAppLogin(params.token, request), resetLoader(request)]);
  return entered instanceof Response ? entered : { ...entered, reset };
}

// Its loader may log a business session out: once per address, and again for the wizard's step, which it reads.
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) => oncePerAddress(args) || resetChanged(args);

/**
 * The wizard's forms. Its sign-in is a login made in the app's flow (docs/decisions/019), which goes on
 * to the app's approval in place of the page, not to the web mailbox.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const token = requireToken(params.token);
  return resetRouteAction(request, await request.formData(), { appAuthorization: token, afterSignIn: pathOf('mobileSuccess', { token }) });
}

export function Component() {
  const { t } = useI18n();
  const { token, reset } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
        reset={reset}
        answer={answer}
        // Step 5's sign-in refused: log in with the new password on the app's page, still in its flow.
        logInAgain={pathOf('mobilePasswordLogin', { token })}
        onOpenCodes={() =>
          track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.buttonClick, label: 'mobile forgot password codes' })
        }
      />
    </Page>
  );
}
