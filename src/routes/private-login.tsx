/** Private login (index route, SPEC §2): eID, or national ID number and password. */
import { EidFallbackButton } from '../features/login/eid-fallback-button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { replace, useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { Message } from '../ui/message';
import { requireLink } from '../api/links';
import type { RootDocument } from '../api/root';
import { startSecureLogin } from '../api/login';
import { parseAppLocation } from '../config/routes';
import { externalPaths } from '../config/paths';
import { analyticsActions, analyticsCategories, track, trackLinkClick } from '../features/analytics/track';
import { CustomerService } from '../features/customer-service/customer-service';
import { AppDownloadBanner } from '../features/login/app-download-banner';
import { privateLoginStart } from '../features/login/login-start';
import type { PasswordLoginResult } from '../features/login/password-login-form';
import { leaveFor, redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { decideRole } from '../features/session/roles';
import { useRecheckSessionOnReturn } from '../features/session/use-recheck-on-return';
import { LazyWrongRoleDialog, preloadWrongRoleDialog } from '../features/session/lazy-wrong-role-dialog';
import { hasWebAuthn, offersPasskeySignIn } from '../features/passkeys/support';
import type { PasskeyLoginResult } from '../features/passkeys/passkey-login-action';
import { loadLaterTexts } from '../i18n/texts';
import { pathOf } from '../screens/screens';
import { useI18n } from '../i18n/i18n-context';
import { AccordionGroup, AccordionGroupItem } from '../ui/accordion-group';
import { Page } from '../ui/page';
import { DelayedSpinner } from '../ui/delayed-spinner';
import { BusyButton } from '../ui/busy-button';

/**
 * The password form sits in a closed accordion: its code (the form and its validation) loads when the
 * accordion is first opened, not with the page.
 */
const passwordLoginAction = () => import('../features/login/password-login-action');
const PasswordLoginForm = lazy(() => {
  // The action's part comes with the form, so sending it waits for no more code, and the texts of its
  // answers (i18n/later/), so a refused password's message waits for nothing either.
  void passwordLoginAction();
  loadLaterTexts().catch(() => {});
  return import('../features/login/password-login-form').then((module) => ({ default: module.PasswordLoginForm }));
});

/**
 * The route's passkey parts (the sign-in's options, a sign-in, whether to offer one), loaded when needed:
 * one import. The app's password page has the same in features/passkeys/login-passkeys.ts; here they are
 * the route's own, as a shared chunk of them cost the private login's first load 382 B (gzip, measured).
 */
const passkeyActions = () => import('../features/passkeys/passkey-login-action');

/**
 * The passkey sign-in's options, asked for now, not waited for (docs/decisions/025): the page takes them
 * at the click, in hand by then, and new ones when those are answered or too old.
 */
function askPasskeyOptions(root: RootDocument) {
  const take = () => passkeyActions().then((passkeys) => passkeys.signInOptions(root));
  // A failure is told where they are taken, at the click.
  take().catch(() => {});
  return take;
}

/**
 * Sign in with a passkey (issue #36): its code comes after the first paint, into the room kept for it;
 * its button's words are the page's (i18n/sign-in/), its messages' come when one is shown (passkey-sign-in.tsx).
 */
const PasskeySignIn = lazy(() =>
  Promise.all([import('../features/passkeys/passkey-sign-in'), passkeyActions()]).then(([module]) => ({ default: module.PasskeySignIn })),
);

export async function loader() {
  const root = await loadRootDocument();
  const decision = decideRole('PRIVAT', root);
  if (decision.kind === 'wrong-role') await preloadWrongRoleDialog();
  // Already signed in as this kind of account: on to its home, outside this app.
  if (decision.kind === 'redirect') return leaveFor(decision.to, { replace: true });
  return { root, decision, passkeyOptions: offersPasskeySignIn(root) ? askPasskeyOptions(root) : null };
}

export async function action({ request }: ActionFunctionArgs): Promise<PasswordLoginResult | PasskeyLoginResult | Response> {
  const form = await request.formData();
  const root = await loadRootDocument();
  const language = parseAppLocation(new URL(request.url).pathname)?.language ?? 'nb';

  if (form.get('intent') === 'eid') {
    return redirectOut(await startSecureLogin(requireLink(root.link, 'login_secure'), privateLoginStart(language)));
  }

  if (form.get('intent') === 'passkey') {
    const outcome = await (await passkeyActions()).submitPasskeyLogin(form, root);
    return outcome === 'signed-in' ? redirectOut(externalPaths.privateMailbox) : outcome;
  }

  track({ category: analyticsCategories.loginPrivateUserPassword, action: analyticsActions.buttonClick, label: 'password login' });
  // The password's checks and call come with the form (opened before it can be sent), not with the page.
  // A passkey options' request on its way is answered first (sign-in-options.ts, signInOptionsSettled).
  const optionsSettled = offersPasskeySignIn(root) ? () => passkeyActions().then((passkeys) => passkeys.signInOptionsSettled()) : undefined;
  const outcome = await (await passwordLoginAction()).submitPasswordLogin(form, root, undefined, optionsSettled);
  if (outcome !== 'signed-in') return outcome;
  // Before the mailbox, where a passkey may be wanted: the password manager's silent upgrade (issue #51)
  // or the offer (issue #36), in place of this page, so Back from it does not come here. Its page goes
  // on to the mailbox whatever happens.
  const offer = hasWebAuthn() && (await (await passkeyActions()).passkeyAfterPassword(root)) === 'offer';
  return offer ? replace(pathOf('passkeyOffer')) : redirectOut(externalPaths.privateMailbox);
}

export function Component() {
  const { t, language } = useI18n();
  const { root, decision, passkeyOptions } = useLoaderData<typeof loader>();
  useRecheckSessionOnReturn();
  // Fetchers, not navigations: a submit must not change the address or re-run the root call.
  const eid = useFetcher();
  const password = useFetcher<PasswordLoginResult>();
  const eidBusy = eid.state !== 'idle';
  // Once opened, the form stays (closing the accordion keeps what was typed).
  const [passwordOpened, setPasswordOpened] = useState(false);
  const passkey = useFetcher<PasskeyLoginResult>();
  // Decided once hydrated (the prerendered page cannot know the browser): until then the room stays
  // as the first paint had it; without WebAuthn the boot script kept none (app.css).
  const [passkeys, setPasskeys] = useState<'waiting' | 'on' | 'off'>('waiting');
  const offersPasskeys = passkeyOptions !== null;
  useEffect(() => setPasskeys(offersPasskeys ? 'on' : 'off'), [offersPasskeys]);
  // The passkey request waiting in the ID field's autofill, stopped when the password form is sent.
  const stopPasskeyAutofill = useRef<(() => void) | null>(null);

  // The same eID start as the button at the top, offered again where a throttled password login is told.
  const eidInWarning = (
    <EidFallbackButton
      busy={eidBusy}
      label={t('login.eid_button')}
      busyLabel={t('login.eid_busy')}
      onStart={() => {
        track({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.buttonClick, label: 'eid login after too many attempts' });
        void eid.submit({ intent: 'eid' }, { method: 'post' });
      }}
    />
  );

  return (
    <Page title={t('login.title')} heading={t('login.heading')}>
      <div className="login">
        <Message variant="info" className="login__eid-info">
          <Message.Title>{t('login.eid_info_title')}</Message.Title>
          <Message.Description>{t('login.eid_info')}</Message.Description>
        </Message>
        <p>{t('login.options')}</p>
        <eid.Form
          method="post"
          className="login__eid"
          onSubmit={(event) => {
            if (eidBusy) {
              event.preventDefault();
              return;
            }
            track({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.buttonClick, label: 'eid login' });
          }}
        >
          <input type="hidden" name="intent" value="eid" />
          <BusyButton
            type="submit"
            className="hds-button hds-button--large hds-button--primary hds-button--mobile-full"
            busy={eidBusy}
            busyLabel={t('login.eid_busy')}
          >
            {t('login.eid_button')}
          </BusyButton>
        </eid.Form>
        <div className="login__passkey" hidden={passkeys === 'off'}>
          {passkeys === 'on' && passkeyOptions ? (
            <Suspense fallback={null}>
              <PasskeySignIn
                options={passkeyOptions}
                fetcher={passkey}
                autofill={passwordOpened}
                stopRef={stopPasskeyAutofill}
                eidLogin={eidInWarning}
                passwordAnswer={password.data}
                passwordForm="login"
              />
            </Suspense>
          ) : null}
        </div>
        <p className="login__register">
          {t('login.register_prompt')}{' '}
          <a
            href={externalPaths.registerPerson(language)}
            onClick={trackLinkClick({ category: analyticsCategories.loginPrivateUser, action: analyticsActions.linkClick, label: 'register' })}
          >
            {t('login.register')}
          </a>
        </p>
        <AccordionGroup>
          <AccordionGroupItem
            name="login"
            heading={t('login.password_accordion')}
            onOpenChange={(open) => {
              if (open) setPasswordOpened(true);
              track({
                category: analyticsCategories.loginPrivateUserPassword,
                action: open ? analyticsActions.accordionOpen : analyticsActions.accordionClose,
                label: 'password login',
              });
            }}
          >
            {passwordOpened ? (
              <Suspense fallback={<DelayedSpinner />}>
                <PasswordLoginForm
                  fetcher={password}
                  eidLogin={eidInWarning}
                  usernameAutoComplete={offersPasskeys ? 'username webauthn' : 'username'}
                  onSend={() => stopPasskeyAutofill.current?.()}
                />
              </Suspense>
            ) : null}
          </AccordionGroupItem>
        </AccordionGroup>
        <AppDownloadBanner />
        <CustomerService />
      </div>
      {decision.kind === 'wrong-role' ? <LazyWrongRoleDialog root={root} signedInAs={decision.signedInAs} /> : null}
    </Page>
  );
}
