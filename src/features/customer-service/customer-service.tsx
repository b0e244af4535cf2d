import { footerLinks } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';

export function CustomerService() {
  const { language, t } = useI18n();
  return (
    <section className="customer-service" aria-labelledby="customer-service-title">
      <h2 id="customer-service-title" className="hds-text-h3">
        {t('customer_service.heading')}
      </h2>
      <p>
        {t('customer_service.body')} <a href={footerLinks(language).helpAndContact}>{t('customer_service.link')}</a>
      </p>
    </section>
  );
}
