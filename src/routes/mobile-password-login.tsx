/**
 * Mobile password login (mobileLogin/:token/password): the password form, or a passkey (issue #51:
 * its button and the ID field's autofill), then back to the app. No passkey offer, upgrade or passkeys
 * page in the app's flow: the person goes back to the app.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, replace, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';

import { analyticsActions, analyticsCategories, track } from '../features/analytics/track';
import { submitPasswordLogin } from '../features/login/password-login-action';
import { PasswordLoginForm, type PasswordLoginResult } from '../features/login/password-login-form';
import { requireToken } from '../features/mobile/mobile-params';
import { oncePerAddress } from '../features/mobile/mobile-flow';
import { enterAppLogin } from '../features/mobile/session-for-mobile';
import { offersPasskeySignIn } from '../features/passkeys/support';
import { askPasskeyOptions, LazyPasskeySignIn, passkeyActions, passkeyOptionsSettled } from '../features/passkeys/login-passkeys';
import type { PasskeyLoginResult } from '../features/passkeys/passkey-login-action';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

const successPath = (token: string) => pathOf('mobileSuccess', { token });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const entered = await enterAppLogin(params.token, request);
  if (entered instanceof Response) return entered;
  return { token: entered.token, passkeyOptions: offersPasskeySignIn(entered.root) ? askPasskeyOptions(entered.root) : null };
}

// Its loader may log a business session out: once per address, not again after a refused password.
export const shouldRevalidate = oncePerAddress;

export async function action({ request, params }: ActionFunctionArgs): Promise<PasswordLoginResult | PasskeyLoginResult | Response> {
  const token = requireToken(params.token);
  const form = await request.formData();
  if (form.get('intent') === 'passkey') {
    // Made in the app's flow, as the password's (docs/decisions/019); on to the app's approval.
    const outcome = await (await passkeyActions()).submitPasskeyLogin(form, await loadRootDocument(), token);
    return outcome === 'signed-in' ? replace(successPath(token)) : outcome;
  }
  track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.buttonClick, label: 'mobile password login' });
  const root = await loadRootDocument();
  // Made in the app's flow: its approval then asks no "is this you?" (docs/decisions/019).
  const outcome = await submitPasswordLogin(form, root, token, offersPasskeySignIn(root) ? passkeyOptionsSettled : undefined);
  // In place of this page: Back from the app's page must not come here and be sent on again.
  return outcome === 'signed-in' ? replace(successPath(token)) : outcome;
}

export function Component() {
  const { t } = useI18n();
  const { token, passkeyOptions } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<PasswordLoginResult>();
  const passkey = useFetcher<PasskeyLoginResult>();
  // Decided once hydrated (the prerendered page cannot know the browser), as on the private login.
  const [passkeys, setPasskeys] = useState<'waiting' | 'on' | 'off'>('waiting');
  const offersPasskeys = passkeyOptions !== null;
  useEffect(() => setPasskeys(offersPasskeys ? 'on' : 'off'), [offersPasskeys]);
  const stopPasskeyAutofill = useRef<(() => void) | null>(null);
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
          // Once hydrated: the prerendered field says 'username', and hydration keeps an attribute as it came.
          usernameAutoComplete={passkeys === 'on' ? 'username webauthn' : 'username'}
          onSend={() => stopPasskeyAutofill.current?.()}
          forgotPasswordTo={pathOf('mobileForgotPassword', { token })}
          onForgotPassword={() =>
            track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.linkClick, label: 'mobile forgot password' })
          }
        />
        <div className="login__passkey" hidden={passkeys === 'off'}>
          {passkeys === 'on' && passkeyOptions ? (
            <Suspense fallback={null}>
              <LazyPasskeySignIn
                options={passkeyOptions}
                fetcher={passkey}
                autofill
                stopRef={stopPasskeyAutofill}
                eidLogin={eidLogin}
                passwordAnswer={fetcher.data}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
