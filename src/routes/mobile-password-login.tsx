/** Mobile password login (mobileLogin/:token/password): the password form, then back to the app. */
import { Link, replace, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';

import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';
import { submitPasswordLogin } from '../features/login/password-login-action';
import { PasswordLoginForm, type PasswordLoginResult } from '../features/login/password-login-form';
import { requireToken } from '../features/mobile/mobile-params';
import { oncePerAddress } from '../features/mobile/mobile-flow';
import { enterAppLogin } from '../features/mobile/session-for-mobile';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

const successPath = (token: string) => pathOf('mobileSuccess', { token });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const entered = await enterAppLogin(params.token, request);
  return entered instanceof Response ? entered : { token: entered.token };
}

// Its loader may log a business session out: once per address, not again after a refused password.
export const shouldRevalidate = oncePerAddress;

export async function action({ request, params }: ActionFunctionArgs): Promise<PasswordLoginResult | Response> {
  const token = requireToken(params.token);
  track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.buttonClick, label: 'mobile password login' });
  // Made in the app's flow: its approval then asks no "is this you?" (docs/decisions/019).
  const outcome = await submitPasswordLogin(await request.formData(), await loadRootDocument(), token);
  // In place of this page: Back from the app's page must not come here and be sent on again.
  return outcome === 'signed-in' ? replace(successPath(token)) : outcome;
}

export function Component() {
  const { t } = useI18n();
  const { token } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<PasswordLoginResult>();
  // Too many password attempts: eID for the same app login still works.
  const eidLogin = (
    <Link
      className="hds-button hds-button--large hds-button--secondary"
      to={pathOf('mobileEidLogin', { token, idportenLevel: 'idporten3' })}
      onClick={() =>
        track({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.buttonClick, label: 'mobile eid login after too many attempts' })
      }
    >
      {t('login.eid_button')}
    </Link>
  );
  return (
    <Page title={t('login.title')} heading={t('login.heading')}>
      <div className="mobile-login">
        {/* The password is the one way in offered here: not "also" (eID only inside a warning). */}
        <p>{t('login.options_password_only')}</p>
        <PasswordLoginForm
          fetcher={fetcher}
          eidLogin={eidLogin}
          forgotPasswordTo={pathOf('mobileForgotPassword', { token })}
          onForgotPassword={() =>
            track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.linkClick, label: 'mobile forgot password' })
          }
        />
      </div>
    </Page>
  );
}
