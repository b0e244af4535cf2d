/**
 * The offer of a passkey after a password sign-in, before the mailbox (issue #36, web only). Shown
 * only where it may be wanted: WebAuthn here, the backend's passkey links, no "not now" in this browser
 * within passkeyOfferSnoozeDays, and no passkey on the account yet. It never stands between the person
 * and the mailbox: "not now", a cancelled dialog and any failure go straight on.
 */
import { useEffect, useRef } from 'react';
import { useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { Message } from '../ui/message';
import { externalPaths } from '../config/paths';
import { listPasskeys, registerOptions, registerPasskey } from '../features/passkeys/passkey-calls';
import { passkeyOfferWanted, rememberOfferDeclined } from '../features/passkeys/offer';
import { createPasskey } from '../features/passkeys/webauthn-create';
import { PasskeyButton } from '../features/passkeys/passkey-button';
import { leaveFor, redirectOut } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import '../features/passkeys/passkeys.css';

/** On to the mailbox in place of this page: Back from the mailbox does not come to the offer again. */
const toMailbox = () => leaveFor(externalPaths.privateMailbox, { replace: true });

export async function loader() {
  try {
    const root = await loadRootDocument();
    if (root.role !== 'PRIVAT' || !passkeyOfferWanted(root)) return toMailbox();
    // The backend knows whether the person has one (the create's excludeCredentials guards it too).
    if ((await listPasskeys(root)).passkeys.length > 0) return toMailbox();
    return { root };
  } catch {
    return toMailbox();
  }
}

// Not again after the create: the person has a passkey then, and the loader would send them on before
// they read that it is made.
export const shouldRevalidate = () => false;

export async function action({ request }: ActionFunctionArgs): Promise<{ created: true } | Response> {
  const form = await request.formData();
  try {
    await registerPasskey(await loadRootDocument(), JSON.parse(String(form.get('credential'))));
    return { created: true };
  } catch {
    return redirectOut(externalPaths.privateMailbox);
  }
}

export function Component() {
  const { t } = useI18n();
  const { root } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const created = fetcher.data && 'created' in fetcher.data;
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);

  const create = async () => {
    try {
      const credential = await createPasskey(await registerOptions(root));
      void fetcher.submit({ credential: JSON.stringify(credential) }, { method: 'post' });
    } catch {
      // Cancelled, or it could not be made: the sign-in does not depend on the offer.
      void toMailbox();
    }
  };

  if (created) {
    return (
      <Page title={t('passkey_offer.created_heading')} heading={t('passkey_offer.created_heading')}>
        <div className="passkey-offer">
          <Message variant="success" ref={doneRef} tabIndex={-1} role="status">
            <Message.Description>{t('passkey_offer.created')}</Message.Description>
          </Message>
          <div>
            <a
              className="hds-button hds-button--large hds-button--primary"
              href={externalPaths.privateMailbox}
              onClick={(event) => {
                event.preventDefault();
                void toMailbox();
              }}
            >
              {t('passkey_offer.continue')}
            </a>
          </div>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('passkey_offer.title')} heading={t('passkey_offer.heading')}>
      <div className="passkey-offer">
        <p>{t('passkey_offer.lead')}</p>
        <p>{t('passkey_offer.access')}</p>
        <Message variant="warning">
          <Message.Title>{t('passkey_offer.shared_title')}</Message.Title>
          <Message.Description>{t('passkey_offer.shared')}</Message.Description>
        </Message>
        <div className="passkey-offer__actions">
          <PasskeyButton variant="primary" sending={fetcher.state !== 'idle'} busyLabel={t('passkey_offer.creating')} onPress={create}>
            {t('passkey_offer.create')}
          </PasskeyButton>
          <button
            type="button"
            className="hds-button hds-button--large hds-button--secondary hds-button--mobile-full"
            onClick={() => {
              rememberOfferDeclined();
              void toMailbox();
            }}
          >
            {t('passkey_offer.not_now')}
          </button>
        </div>
      </div>
    </Page>
  );
}
