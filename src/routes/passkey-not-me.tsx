/**
 * "This was not me" (issue #45, docs/decisions/027): the page a link in an added passkey's email opens.
 * It names the passkey (provider, when it was made, the browser and system it came from); one
 * confirming press removes it and the passkeys made with it, and logs everyone out of the account;
 * then it offers a new password and eID. Opening the page changes nothing (mail scanners open links).
 * A link that does nothing (cut short, used, too old, its passkey gone) says what to do instead.
 * The token is a secret parameter (screens/manifest.ts): no Referer, no-store, noindex, redacted.
 */
import { useEffect, useRef } from 'react';
import { Link, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Message } from '../ui/message';
import { findLink, requireLink } from '../api/links';
import { startSecureLogin } from '../api/login';
import { passkeyUndoLinkLifetimeDays } from '../contract/limits';
import type { PasskeyUndoInfo } from '../contract/passkeys';
import { appUrl } from '../config/paths';
import { parseAppLocation } from '../config/routes';
import { passkeyUndoCause, passkeyUndoShown, type PasskeyUndoCause } from '../errors/passkey';
import { privateLoginStart } from '../features/login/login-start';
import { undoLookup, undoPasskey } from '../features/passkeys/passkey-calls';
import { redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { dateAndTime } from '../i18n/time';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';
import '../features/passkeys/passkeys.css';
import { BusyButton } from '../ui/busy-button';

/** A token as the backend makes them: anything else is a link cut short, told without asking. */
const tokenForm = /^[A-Za-z0-9_-]{43}$/;

type Looked = { passkey: PasskeyUndoInfo; token: string } | { problem: PasskeyUndoCause };

export async function loader({ request }: LoaderFunctionArgs): Promise<Looked> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!tokenForm.test(token)) return { problem: 'invalid' };
  const root = await loadRootDocument();
  // A backend without these calls made no such link.
  if (!findLink(root.link, 'passkey_undo_lookup')) return { problem: 'invalid' };
  try {
    return { passkey: await undoLookup(root, token), token };
  } catch (error) {
    const problem = passkeyUndoCause(error);
    // The backend failing is the route's error page (with its retry), not a word about the link.
    if (problem === 'error') throw error;
    return { problem };
  }
}

/**
 * After the confirming press the page shows its answer, never the lookup again: the link is used by
 * then, and a failing lookup would put an error page in place of "done" (an outside review).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export type PasskeyNotMeResult = { removed: number; named: boolean } | { problem: PasskeyUndoCause };

export async function action({ request }: ActionFunctionArgs): Promise<PasskeyNotMeResult | Response> {
  const form = await request.formData();
  const root = await loadRootDocument();
  if (form.get('intent') === 'eid') {
    // Signed in with eID, the person lands on their passkeys, to look them over.
    const language = parseAppLocation(new URL(request.url).pathname)?.language ?? 'nb';
    return redirectOut(
      await startSecureLogin(requireLink(root.link, 'login_secure'), privateLoginStart(language, { returnUrl: appUrl(language, pathOf('passkeys')) })),
    );
  }
  try {
    return await undoPasskey(root, String(form.get('token') ?? ''));
  } catch (error) {
    return { problem: passkeyUndoCause(error) };
  }
}

/** eID and a new password: what every end of this page offers. */
function NextSteps({ primary }: { primary: 'password' | 'eid' }) {
  const { t } = useI18n();
  const eid = useFetcher();
  const busy = eid.state !== 'idle';
  const passwordLink = (
    <Link
      key="password"
      className={`hds-button hds-button--large hds-button--${primary === 'password' ? 'primary' : 'secondary'}`}
      to={pathOf('forgotPassword')}
    >
      {t('passkey_not_me.change_password_button')}
    </Link>
  );
  const eidForm = (
    <eid.Form key="eid" method="post" onSubmit={(event) => busy && event.preventDefault()}>
      <input type="hidden" name="intent" value="eid" />
      <BusyButton
        type="submit"
        className={`hds-button hds-button--large hds-button--${primary === 'eid' ? 'primary' : 'secondary'}`}
        busy={busy}
        busyLabel={t('login.eid_busy')}
      >
        {t('passkey_not_me.eid')}
      </BusyButton>
    </eid.Form>
  );
  return <div className="button-row">{primary === 'password' ? [passwordLink, eidForm] : [eidForm, passwordLink]}</div>;
}

export function Component() {
  const { t, language } = useI18n();
  const looked = useLoaderData<typeof loader>();
  const undo = useFetcher<typeof action>();
  const result = undo.data && !(undo.data instanceof Response) ? undo.data : undefined;
  const busy = undo.state !== 'idle';
  // Sent once: two presses in one moment would both go before the page knows it is busy (an outside review).
  const sent = useRef(false);
  const failed = result !== undefined && 'problem' in result && result.problem === 'error';
  // Back to idle: a press that failed may be tried again (the form stays only then).
  useEffect(() => {
    if (undo.state === 'idle') sent.current = false;
  }, [undo.state]);

  if (result && 'removed' in result) {
    const more = result.removed - (result.named ? 1 : 0);
    return (
      <Page key="done" title={t('passkey_not_me.done_heading')} heading={t('passkey_not_me.done_heading')}>
        <div className="passkey-not-me">
          <p className="page__lead" role="status">
            {t('passkey_not_me.done')}
            {more > 0 ? ` ${t('passkey_not_me.done_more', { count: more })}` : null}
          </p>
          <p>{t('passkey_not_me.change_password')}</p>
          <NextSteps primary="password" />
        </div>
      </Page>
    );
  }
  // The backend failing at the press: the same page, with a word and the button again to try once more.
  const problem = result && 'problem' in result && !failed ? result.problem : 'problem' in looked ? looked.problem : null;
  if (problem || !('passkey' in looked)) {
    const shown = passkeyUndoShown[problem ?? 'invalid'];
    return (
      <Page key={problem ?? 'invalid'} title={t(shown.title)} heading={t(shown.title)}>
        <div className="passkey-not-me">
          <p className="page__lead">{t(shown.text, { days: passkeyUndoLinkLifetimeDays })}</p>
          <NextSteps primary="eid" />
        </div>
      </Page>
    );
  }
  const { passkey, token } = looked;
  const device =
    passkey.browser && passkey.system ? t('passkey_not_me.device', { browser: passkey.browser, system: passkey.system }) : (passkey.browser ?? passkey.system);
  return (
    <Page key="found" title={t('passkey_not_me.title')} heading={t('passkey_not_me.heading')}>
      <div className="passkey-not-me">
        <p className="page__lead">{t('passkey_not_me.lead')}</p>
        <dl className="passkey-not-me__details">
          <div>
            <dt>{t('passkey_not_me.provider_label')}</dt>
            <dd>{passkey.provider ?? t('passkeys.unnamed')}</dd>
          </div>
          <div>
            <dt>{t('passkey_not_me.created_label')}</dt>
            <dd>{dateAndTime(passkey.createdAt, language)}</dd>
          </div>
          {device ? (
            <div>
              <dt>{t('passkey_not_me.device_label')}</dt>
              <dd>{device}</dd>
            </div>
          ) : null}
        </dl>
        <p>{t('passkey_not_me.what_happens')}</p>
        {failed ? (
          <Message variant="warning" role="alert">
            <Message.Description>{t('passkeys.error')}</Message.Description>
          </Message>
        ) : null}
        <div className="button-row">
          <undo.Form
            method="post"
            onSubmit={(event) => {
              if (busy || sent.current) event.preventDefault();
              else sent.current = true;
            }}
          >
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="token" value={token} />
            <BusyButton type="submit" className="hds-button hds-button--large hds-button--primary" busy={busy} busyLabel={t('passkey_not_me.confirming')}>
              {t('passkey_not_me.confirm')}
            </BusyButton>
          </undo.Form>
          <Link className="hds-button hds-button--large hds-button--secondary" to={pathOf('privateLogin')}>
            {t('passkey_not_me.was_me')}
          </Link>
        </div>
      </div>
    </Page>
  );
}
