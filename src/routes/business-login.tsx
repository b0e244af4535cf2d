/** Business login (business/, SPEC §2): BankID or Buypass through the identity broker. */
import { useLoaderData } from 'react-router';
import { Message } from '@postenbring/hedwig-react';
import type { RootDocument } from '../api/root';
import { externalPaths } from '../config/paths';
import { IdpChoiceCard } from '../features/business/idp-choice-card';
import { leavingPage, loadRootDocument } from '../features/session/root-document';
import { decideRole, type RoleDecision } from '../features/session/roles';
import { useRecheckSessionOnReturn } from '../features/session/use-recheck-on-return';
import { LazyWrongRoleDialog, preloadWrongRoleDialog } from '../features/session/lazy-wrong-role-dialog';
import { useI18n } from '../i18n/i18n-context';
import { Page } from '../ui/page';

interface LoaderData {
  root: RootDocument;
  decision: RoleDecision;
}

export async function loader(): Promise<LoaderData> {
  const root = await loadRootDocument();
  const decision = decideRole('VIRKSOMHET', root);
  if (decision.kind === 'wrong-role') await preloadWrongRoleDialog();
  if (decision.kind === 'redirect') {
    window.location.replace(decision.to);
    return leavingPage();
  }
  return { root, decision };
}

export function Component() {
  const { t, language } = useI18n();
  const { root, decision } = useLoaderData() as LoaderData;
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
