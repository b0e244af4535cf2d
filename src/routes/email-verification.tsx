/** Email verification (epost-verifisering/, SPEC §2, §4): idle, busy on click, then done or failed. */
import { Link, redirect, useFetcher, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { verifyEmail } from '../api/email-verification';
import { verificationToken } from '../features/email-verification/verification-link';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';
import { BusyButton } from '../ui/busy-button';

/** The call needs the session's CSRF token, which the root document carries; without a token there is no call. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (verificationToken(new URL(request.url).searchParams) !== null) await loadRootDocument();
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    if (!token) throw new Error('No token in the link');
    await verifyEmail(token);
  } catch {
    return redirect(pathOf('emailVerificationFailed'));
  }
  return redirect(pathOf('emailVerificationDone'));
}

export function Component() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const fetcher = useFetcher();
  const token = verificationToken(search);
  const busy = fetcher.state !== 'idle';
  if (token === null) {
    // A link cut short (docs/decisions/012): a button here could only fail, so the page says what to do.
    return (
      <Page bare title={t('email_verify.title')} heading={t('email_verify.heading')}>
        <p className="page__lead">{t('email_verify.incomplete')}</p>
        <Link className="hds-button hds-button--large hds-button--primary" to={pathOf('privateLogin')}>
          {t('email_verify.to_login')}
        </Link>
      </Page>
    );
  }
  return (
    <Page bare title={t('email_verify.title')} heading={t('email_verify.heading')}>
      <p className="page__lead">{t('email_verify.body')}</p>
      <fetcher.Form method="post" onSubmit={(event) => busy && event.preventDefault()}>
        <input type="hidden" name="token" value={token} />
        <BusyButton type="submit" className="hds-button hds-button--large hds-button--primary" busy={busy} busyLabel={t('email_verify.busy')}>
          {t('email_verify.button')}
        </BusyButton>
      </fetcher.Form>
    </Page>
  );
}
