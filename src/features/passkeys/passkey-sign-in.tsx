/**
 * Sign in with a passkey on the private login (issue #36): the "Log in with a passkey" button, and the
 * passkeys offered in the autofill of the ID field once the password form is open (conditional
 * mediation). Loaded after the first paint, into the room the page keeps for it. The options come from
 * the page's loader and the browser's answer goes to the page's action (intent "passkey"), which signs
 * in and goes where a password sign-in goes: this part makes no call of its own.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { Message } from '../../ui/message';
import type { RequestOptions } from '../../contract/passkeys';
import { passkeySignInOutcome, passkeySignInShown, type PasskeySignInCause } from '../../errors/passkey';
import { useI18n } from '../../i18n/i18n-context';
import { loadLaterTexts } from '../../i18n/texts';
import { nationalIdFieldId } from '../login';
import { type Wait, whenText } from '../../errors/wait';
import type { PasskeyLoginResult } from './passkey-login-action';
import { PasskeyButton } from './passkey-button';
import { autofillAvailable, CeremonyEnded, getPasskey, stopPasskeyRequest } from './webauthn';
import './passkeys.css';

export interface PasskeySignInProps {
  /**
   * The page's sign-in options (its loader asked for them): those it holds while their challenge can
   * still be answered, in hand at a click, and new ones otherwise.
   */
  options: () => Promise<RequestOptions>;
  fetcher: FetcherWithComponents<PasskeyLoginResult>;
  /** The password form, with the field that offers passkeys in its autofill, is in the page. */
  autofill: boolean;
  /** Set here: stops the autofill's request (the password form calls it when it is sent). */
  stopRef: RefObject<(() => void) | null>;
  /** The page's eID start, for messages that offer it. */
  eidLogin: ReactNode;
  /** The accordion item holding the password form, which the quiet "log in another way" opens; none: the form is open. */
  passwordForm?: string;
  /**
   * The password form's latest answer: the form stops the autofill's request when it is sent, and a
   * refused password (the person still here) starts it again.
   */
  passwordAnswer?: unknown;
}

/**
 * Opens the page's password form (its accordion item, as a click on its heading would) and puts focus
 * in the ID field once the form has loaded. Done here, in the part loaded after the first paint, so the
 * page itself carries nothing for it.
 */
function openPasswordForm(itemName: string | undefined) {
  if (itemName) document.querySelector<HTMLElement>(`[data-name="${itemName}"] [aria-expanded="false"]`)?.click();
  const focusField = () => {
    const field = document.getElementById(nationalIdFieldId);
    field?.focus();
    return field !== null;
  };
  if (focusField()) return;
  const watch = new MutationObserver(() => {
    if (focusField()) watch.disconnect();
  });
  watch.observe(document.body, { childList: true, subtree: true });
  // A form that never comes (its code failed to load) is not waited for.
  setTimeout(() => watch.disconnect(), 30_000);
}

type Shown = { kind: 'other-way' } | { kind: 'problem'; cause: PasskeySignInCause; wait?: Wait };

export function PasskeySignIn({ options, fetcher, autofill, stopRef, eidLogin, passwordForm, passwordAnswer }: PasskeySignInProps) {
  const { t } = useI18n();
  const [shown, setShownNow] = useState<Shown | null>(null);
  // A message's texts are not the page's (i18n/later/): each is shown once they are in (issue #52), the
  // latest asked for only, so a slow fetch cannot bring back one a newer click cleared.
  const asked = useRef(0);
  const setShown = useCallback((next: Shown | null) => {
    const turn = ++asked.current;
    if (next === null) setShownNow(null);
    else {
      // Offline a moment: shown all the same; what it says then (the dialog cancelled, the service out of
      // reach) is in the page's own texts (i18n/sign-in/).
      const show = () => turn === asked.current && setShownNow(next);
      void loadLaterTexts().then(show, show);
    }
  }, []);
  // A new round of the autofill's request (after the button's dialog, which stopped it, was cancelled).
  const [autofillRound, setAutofillRound] = useState(0);
  const messageRef = useRef<HTMLDivElement>(null);
  const result = fetcher.data;

  // The options' RP ID goes with the answer: a passkey the backend does not know is named to the
  // password manager under it (signals.ts).
  const send = (credential: unknown, { rpId }: RequestOptions) => {
    setShown(null);
    // The answer's message, if any, needs the later texts: fetched while the answer is on its way.
    loadLaterTexts().catch(() => {});
    void fetcher.submit({ intent: 'passkey', credential: JSON.stringify(credential), rpId: rpId ?? '' }, { method: 'post' });
  };

  // The action's answer (a refusal: success has left the page). The autofill offers the passkeys
  // again, with a new challenge (the action spent the last): the person may pick another (in a
  // browser, the request waits for them to choose).
  useEffect(() => {
    if (!result) return;
    setShown({ kind: 'problem', cause: result.cause, ...(result.wait ? { wait: result.wait } : {}) });
    setAutofillRound((round) => round + 1);
  }, [result, setShown]);

  useEffect(() => {
    if (shown) messageRef.current?.focus();
  }, [shown]);

  // The autofill: the browser offers the passkeys in the ID field and answers when one is picked there.
  // Each round takes the options the page holds when it starts; new ones from the loader start none (a
  // restart would abort the button's dialog were it open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round, or the password form's answer, is the trigger
  useEffect(() => {
    if (!autofill) return;
    let stopped = false;
    const stop = () => {
      stopped = true;
      stopPasskeyRequest();
    };
    stopRef.current = stop;
    void (async () => {
      if (!(await autofillAvailable()) || stopped) return;
      try {
        const inHand = await options();
        if (stopped) return;
        send(await getPasskey(inHand, { autofill: true }), inHand);
      } catch {
        // Stopped, or no options: the autofill offers nothing and the button still works.
      }
    })();
    return () => {
      if (stopRef.current === stop) stopRef.current = null;
      stop();
    };
  }, [autofill, autofillRound, passwordAnswer]);

  const signIn = async () => {
    setShown(null);
    // Fetched while the browser's dialog is open: its end's message is drawn at once.
    loadLaterTexts().catch(() => {});
    // One request at a time: the autofill's waits while the dialog is open.
    stopRef.current?.();
    try {
      // In hand since the page loaded: the browser's dialog opens within the click's user activation.
      const inHand = await options();
      send(await getPasskey(inHand), inHand);
    } catch (error) {
      if (error instanceof CeremonyEnded) {
        // Cancelled, or no passkey for this site on the device (the page cannot tell which): no alarm.
        if (error.end === 'cancelled') setShown({ kind: 'other-way' });
        else if (error.end !== 'aborted') setShown({ kind: 'problem', cause: 'error' });
      } else {
        const outcome = passkeySignInOutcome(error);
        setShown({ kind: 'problem', ...outcome });
      }
      setAutofillRound((round) => round + 1);
    }
  };

  const problem = shown?.kind === 'problem' ? passkeySignInShown[shown.cause] : null;
  return (
    <div className="passkey-sign-in">
      <PasskeyButton variant="secondary" sending={fetcher.state !== 'idle'} busyLabel={t('passkey.busy')} onPress={signIn}>
        {t('passkey.button')}
      </PasskeyButton>
      {shown?.kind === 'other-way' ? (
        <div className="passkey-sign-in__other-way" ref={messageRef} tabIndex={-1} role="status">
          <h2 className="hds-text-body">{t('passkey.other_way_title')}</h2>
          <p>{t('passkey.other_way')}</p>
          <div className="passkey-sign-in__ways">
            {eidLogin}
            <button type="button" className="hds-button hds-button--large hds-button--tertiary" onClick={() => openPasswordForm(passwordForm)}>
              {t('passkey.other_way_password')}
            </button>
          </div>
        </div>
      ) : null}
      {problem && shown?.kind === 'problem' ? (
        <Message variant="warning" ref={messageRef} tabIndex={-1} role="alert" className="passkey-sign-in__problem">
          <Message.Title>{t(problem.title)}</Message.Title>
          <Message.Description>{t(problem.text, { when: whenText(t, shown.wait) })}</Message.Description>
          {problem.offerEid ? <div className="password-login__eid">{eidLogin}</div> : null}
        </Message>
      ) : null}
    </div>
  );
}
