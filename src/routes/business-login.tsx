/** Business login (business/, SPEC §2): BankID or Buypass through the identity broker. */
import { useLoaderData } from 'react-router';
import { Message } from '../ui/message';
import { externalPaths } from '../config/paths';
import { IdpChoiceCard } from '../features/business/idp-choice-card';
import { leaveFor } from '../features/session/leave';
import { loadRootDocument } from '../features/session/root-document';
import { decideRole } from '../features/session/roles';
import { useRecheckSessionOnReturn } from '../features/session/use-recheck-on-return';
import { LazyWrongRoleDialog, preloadWrongRoleDialog } from '../features/session/lazy-wrong-role-dialog';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';

export async function loader() {
  const root = await loadRootDocument();
  const decision = decideRole('VIRKSOMHET', root);
  if (decision.kind === 'wrong-role') await preloadWrongRoleDialog();
  // Already signed in as a business: on to its home, outside this app.
  if (decision.kind === 'redirect') return leaveFor(decision.to, { replace: true });
  return { root, decision };
}

export function Component() {
  const { t, language } = useI18n();
  const { root, decision } = useLoaderData<typeof loader>();
  useRecheckSessionOnReturn();
  return (
    <Page title={t('business.title')} heading={t('business.heading')}>
      <div className="business">
        <p className="page__lead">{t('business.lead')}</p>
        <IdpChoiceCard root={root} role="VIRKSOMHET" title={t('business.card_title')} body={t('business.card_body')} />
        <Message variant="info">
          <Message.Title>{t('business.info_title')}</Message.Title>
          <Message.Description>
            {t('business.info')} <a href={externalPaths.registerBusiness(language)}>{t('business.register')}</a>
          </Message.Description>
        </Message>
      </div>
      {decision.kind === 'wrong-role' ? <LazyWrongRoleDialog root={root} signedInAs={decision.signedInAs} /> : null}
    </Page>
  );
}
