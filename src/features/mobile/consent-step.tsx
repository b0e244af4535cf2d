/**
 * The app login's question when the session was not made for it (docs/decisions/019): whose account
 * the Digipost app would get, with Continue and Not me. Loaded with the later texts, only when asked.
 */
import { useI18n } from '../../i18n/i18n-context';
import { Page } from '../../ui/page';
import type { ConsentAnswer } from './consent-gate';

export default function ConsentStep({ name, onAnswer }: { name: string; onAnswer: (choice: ConsentAnswer) => void }) {
  const { t } = useI18n();
  const title = t('mobile.consent_title', { name });
  return (
    <Page title={title} heading={title}>
      <div className="mobile-consent">
        <p className="page__lead">{t('mobile.consent_body')}</p>
        <div className="button-row">
          <button type="button" className="hds-button hds-button--large hds-button--primary" onClick={() => onAnswer('continue')}>
            {t('mobile.consent_continue')}
          </button>
          <button
            type="button"
            className="hds-button hds-button--large hds-button--secondary"
            aria-describedby="mobile-consent-not-me"
            onClick={() => onAnswer('not-me')}
          >
            {t('mobile.consent_not_me')}
          </button>
        </div>
        <p id="mobile-consent-not-me">{t('mobile.consent_not_me_hint')}</p>
      </div>
    </Page>
  );
}
