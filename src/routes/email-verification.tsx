/** Email verification (epost-verifisering/, SPEC §2, §4): idle, busy on click, then done or failed. */
import { redirect, useFetcher, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { verifyEmail } from '../api/email-verification';

import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

/** The call needs the session's CSRF token, which the root document carries. */
export async function loader() {
  await loadRootDocument();
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
  const busy = fetcher.state !== 'idle';
  return (
    <Page bare title={t('email_verify.title')} heading={t('email_verify.heading')}>
      <p className="page__lead">{t('email_verify.body')}</p>
      <fetcher.Form method="post" onSubmit={(event) => busy && event.preventDefault()}>
        <input type="hidden" name="token" value={search.get('token') ?? ''} />
        <button type="submit" className="hds-button hds-button--large hds-button--primary" aria-disabled={busy || undefined}>
          {busy ? t('email_verify.busy') : t('email_verify.button')}
        </button>
      </fetcher.Form>
    </Page>
  );
}
