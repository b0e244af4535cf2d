/**
 * Admin entry (admin/, SPEC §2, §6): usable only where the backend allows it (GET
 * /post/api/admin/access); anywhere else it goes back to the login base. Signing in is what its card is for.
 */
import { redirect, useLoaderData } from 'react-router';
import { checkAdminAccess } from '../api/admin';
import { IdpChoiceCard } from '../features/business/idp-choice-card';
import { loadRootDocument } from '../features/session/root-document';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';
import { pathOf } from '../screens/screens';

export async function loader() {
  const allowed = await checkAdminAccess();
  if (!allowed) return redirect(pathOf('privateLogin'));
  return { root: await loadRootDocument() };
}

export function Component() {
  const { t } = useI18n();
  const { root } = useLoaderData<typeof loader>();
  return (
    <Page title={t('admin.title')} heading={t('admin.heading')}>
      <IdpChoiceCard root={root} role="ADMIN" title={t('admin.card_title')} body={t('admin.card_body')} />
    </Page>
  );
}
