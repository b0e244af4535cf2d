/**
 * The person's passkeys (issue #36; signed in as a private person, linked from the mailbox): each with
 * its provider where known, when it was created and last used; remove one (after a confirming step) or
 * add another. Adding and removing need a sign-in within passkeyRecentSignInMinutes: past that, the
 * page offers a new eID sign-in that comes back here. Removing the passkey this session was signed in
 * with ends the session (issue #44): the dialog says so, and the person lands on the logged-out page.
 */
import { useEffect, useRef, useState } from 'react';
import { redirect, useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { Message } from '../ui/message';
import { findLink, requireLink } from '../api/links';
import { startSecureLogin } from '../api/login';
import { maxPasskeysPerPerson, passkeyRecentSignInMinutes } from '../contract/limits';
import type { Passkey } from '../contract/passkeys';
import { appUrl, externalPaths } from '../config/paths';
import { parseAppLocation } from '../config/routes';
import { passkeyChangeCause, passkeyChangeShown, type PasskeyChangeCause } from '../errors/passkey';
import { privateLoginStart } from '../features/login/login-start';
import { listPasskeys, registerOptions, registerPasskey, removePasskey } from '../features/passkeys/passkey-calls';
import { signalAcceptedCredentials } from '../features/passkeys/signals';
import { hasWebAuthn } from '../features/passkeys/support';
import { CeremonyEnded } from '../features/passkeys/webauthn';
import { createPasskey } from '../features/passkeys/webauthn-create';
import { redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { dateAndTime } from '../i18n/time';
import { Modal } from '../ui/modal';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';
import '../features/passkeys/passkeys.css';
import { BusyButton } from '../ui/busy-button';

export async function loader() {
  const root = await loadRootDocument();
  // Not signed in as a private person: the login first.
  if (root.role !== 'PRIVAT') return redirect(pathOf('privateLogin'));
  // A backend without passkeys: nothing to show here.
  if (!findLink(root.link, 'passkeys')) return redirectOut(externalPaths.privateMailbox);
  const list = await listPasskeys(root);
  // The complete list, from this successful answer (also after each add or removal, which load it
  // again): the password manager stops offering a passkey removed here (issue #51; not waited for).
  signalAcceptedCredentials(list);
  return { root, list, canCreate: hasWebAuthn() };
}

export type PasskeysResult = { done: 'added' | 'removed' } | { problem: PasskeyChangeCause };

export async function action({ request }: ActionFunctionArgs): Promise<PasskeysResult | Response> {
  const form = await request.formData();
  const root = await loadRootDocument();
  const intent = form.get('intent');
  if (intent === 'eid') {
    const language = parseAppLocation(new URL(request.url).pathname)?.language ?? 'nb';
    const returnUrl = appUrl(language, pathOf('passkeys'));
    return redirectOut(await startSecureLogin(requireLink(root.link, 'login_secure'), privateLoginStart(language, { returnUrl })));
  }
  try {
    if (intent === 'remove') {
      // The link of the passkey as the backend lists it now, never an address from the form.
      const passkey = (await listPasskeys(root)).passkeys.find((item) => item.id === form.get('id'));
      // Not (or no longer) one of the person's: nothing was removed, and the list shows what there is.
      if (!passkey) return { problem: 'error' };
      await removePasskey(requireLink(passkey.link, 'passkey_remove'));
      // Every session signed in with it has ended, this one too.
      if (passkey.signedInWith) return redirect(pathOf('logout'));
      return { done: 'removed' };
    }
    await registerPasskey(root, JSON.parse(String(form.get('credential'))));
    return { done: 'added' };
  } catch (error) {
    return { problem: passkeyChangeCause(error) };
  }
}

export function Component() {
  const { t, language } = useI18n();
  const { root, list, canCreate } = useLoaderData<typeof loader>();
  const change = useFetcher<typeof action>();
  const eid = useFetcher();
  const [asking, setAsking] = useState(false);
  const [ceremonyProblem, setCeremonyProblem] = useState<PasskeyChangeCause | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const busy = asking || change.state !== 'idle';
  const result = change.data && !(change.data instanceof Response) ? change.data : undefined;
  const problem = ceremonyProblem ?? (result && 'problem' in result ? result.problem : null);
  const done = !ceremonyProblem && result && 'done' in result ? result.done : null;
  const canChange = list.recentSignIn && !(problem === 'recent-sign-in');

  useEffect(() => {
    if (problem || done) messageRef.current?.focus();
  }, [problem, done]);

  const nameOf = (passkey: Passkey) => passkey.provider ?? t('passkeys.unnamed');

  const add = async () => {
    if (busy) return;
    setAsking(true);
    setCeremonyProblem(null);
    try {
      const credential = await createPasskey(await registerOptions(root));
      void change.submit({ intent: 'register', credential: JSON.stringify(credential) }, { method: 'post' });
    } catch (error) {
      if (error instanceof CeremonyEnded) {
        if (error.end !== 'aborted') setCeremonyProblem(error.end === 'cancelled' ? 'cancelled' : error.end === 'exists' ? 'already' : 'error');
      } else {
        setCeremonyProblem(passkeyChangeCause(error));
      }
    } finally {
      setAsking(false);
    }
  };

  return (
    <Page title={t('passkeys.title')} heading={t('passkeys.heading')}>
      <div className="passkeys">
        <p>{t('passkeys.lead')}</p>
        <p>{t('passkeys.reset_rule')}</p>
        {problem ? (
          <Message variant="warning" ref={messageRef} tabIndex={-1} role="alert">
            <Message.Description>{t(passkeyChangeShown[problem].text, { max: maxPasskeysPerPerson, minutes: passkeyRecentSignInMinutes })}</Message.Description>
          </Message>
        ) : null}
        {done ? (
          <Message variant="success" ref={messageRef} tabIndex={-1} role="status">
            <Message.Description>{t(done === 'added' ? 'passkeys.added' : 'passkeys.removed')}</Message.Description>
          </Message>
        ) : null}
        {canChange ? null : (
          <Message variant="info">
            <Message.Title>{t('passkeys.recent_title')}</Message.Title>
            <Message.Description>{t('passkeys.recent', { minutes: passkeyRecentSignInMinutes })}</Message.Description>
            <eid.Form method="post" className="passkeys__eid">
              <input type="hidden" name="intent" value="eid" />
              <BusyButton
                type="submit"
                className="hds-button hds-button--large hds-button--primary"
                busy={eid.state !== 'idle'}
                busyLabel={t('login.eid_busy')}
              >
                {t('passkeys.recent_eid')}
              </BusyButton>
            </eid.Form>
          </Message>
        )}
        {list.passkeys.length === 0 ? (
          <p>{t('passkeys.none')}</p>
        ) : (
          <ul className="passkeys__list" aria-label={t('passkeys.list_label')}>
            {list.passkeys.map((passkey) => {
              const created = dateAndTime(passkey.createdAt, language);
              return (
                <li key={passkey.id} className="passkeys__item">
                  <div>
                    <h2 className="hds-text-h3 passkeys__name">{nameOf(passkey)}</h2>
                    <p>{t('passkeys.created', { date: created })}</p>
                    <p>{passkey.lastUsedAt ? t('passkeys.last_used', { date: dateAndTime(passkey.lastUsedAt, language) }) : t('passkeys.never_used')}</p>
                    {passkey.signedInWith ? <p>{t('passkeys.signed_in_with')}</p> : null}
                  </div>
                  {canChange ? (
                    <button
                      type="button"
                      className="hds-button hds-button--small hds-button--secondary"
                      aria-label={t('passkeys.remove_label', { name: nameOf(passkey), date: created })}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('passkeys.remove')}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <div className="passkeys__actions">
          {canChange && canCreate ? (
            <BusyButton className="hds-button hds-button--large hds-button--primary hds-button--mobile-full" busy={busy} onClick={add}>
              {asking || change.formData?.get('intent') === 'register' ? t('passkeys.adding') : t('passkeys.add')}
            </BusyButton>
          ) : null}
          <a href={externalPaths.privateMailbox}>{t('passkeys.to_mailbox')}</a>
        </div>
        {canCreate ? null : <p>{t('passkeys.unsupported')}</p>}
      </div>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('passkeys.remove_title')}
        footer={
          <div className="button-row">
            <BusyButton
              className="hds-button hds-button--large hds-button--primary"
              busy={busy}
              onClick={() => {
                if (!removing) return;
                setCeremonyProblem(null);
                void change.submit({ intent: 'remove', id: removing.id }, { method: 'post' });
                setRemoving(null);
              }}
            >
              {t(removing?.signedInWith ? 'passkeys.remove_confirm_sign_out' : 'passkeys.remove_confirm')}
            </BusyButton>
            <button type="button" className="hds-button hds-button--large hds-button--secondary" onClick={() => setRemoving(null)}>
              {t('passkeys.remove_cancel')}
            </button>
          </div>
        }
      >
        {removing ? (
          <p>
            {t('passkeys.remove_text', { name: nameOf(removing), date: dateAndTime(removing.createdAt, language) })}
            {removing.signedInWith ? ` ${t('passkeys.remove_signs_out')}` : null}
          </p>
        ) : null}
      </Modal>
    </Page>
  );
}
