import { Footer } from '@postenbring/hedwig-react';
import { footerLinks, socialLinks } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import { ChatbotButton } from '../features/chatbot/chatbot-button';
import { LanguageLinkItems } from './language-links';

/**
 * The site footer (SPEC §2). `minimal` on the app's pages (group 'mobile'), seen in the app's web view:
 * what a person there needs (privacy, terms, cookies, help and contact, status, languages, copyright),
 * without the business and partner links, social links or the chat.
 */
export function SiteFooter({ minimal = false }: { minimal?: boolean }) {
  const { language, t } = useI18n();
  const links = footerLinks(language);
  return (
    <Footer className="site-footer" aria-label={t('footer.label')}>
      <div className="hds-container">
        <div className="hds-footer__links-and-buttons">
          <Footer.LinkSections>
            {[
              <Footer.LinkSection key="private" heading={t('footer.private')}>
                <li>
                  <a href={links.privacy}>{t('footer.privacy')}</a>
                </li>
                <li>
                  <a href={links.terms}>{t('footer.terms')}</a>
                </li>
                <li>
                  <a href={links.cookies}>{t('footer.cookies')}</a>
                </li>
              </Footer.LinkSection>,
              ...(minimal
                ? []
                : [
                    <Footer.LinkSection key="business" heading={t('footer.business')}>
                      <li>
                        <a href={links.businessServices}>{t('footer.business_services')}</a>
                      </li>
                      <li>
                        <a href={links.businessPrices}>{t('footer.business_prices')}</a>
                      </li>
                      <li>
                        <a href={links.gdprHelp}>{t('footer.gdpr_help')}</a>
                      </li>
                      <li>
                        <a href={links.businessResources}>{t('footer.business_resources')}</a>
                      </li>
                      <li>
                        <a href={links.businessTerms}>{t('footer.business_terms')}</a>
                      </li>
                    </Footer.LinkSection>,
                    <Footer.LinkSection key="partners" heading={t('footer.partners')}>
                      <li>
                        <a href={links.partners}>{t('footer.partner_program')}</a>
                      </li>
                      <li>
                        <a href={links.integrations}>{t('footer.integrations')}</a>
                      </li>
                    </Footer.LinkSection>,
                  ]),
            ]}
          </Footer.LinkSections>
          <div className="hds-footer__button-link-section">
            <Footer.ButtonLink href={links.helpAndContact}>{t('footer.help_and_contact')}</Footer.ButtonLink>
            <Footer.ButtonLink href={links.statusPage}>{t('footer.status_page')}</Footer.ButtonLink>
            {minimal ? null : <ChatbotButton />}
          </div>
        </div>
        <div className="hds-footer__logo-row site-footer__row">
          <div className="site-footer__group">
            <h2 className="site-footer__heading">{t('footer.languages')}</h2>
            <ul className="site-footer__inline-list">
              <LanguageLinkItems />
            </ul>
          </div>
          {minimal ? null : (
            <div className="site-footer__group">
              <h2 className="site-footer__heading">{t('footer.social')}</h2>
              <ul className="site-footer__inline-list">
                {socialLinks.map((network) => (
                  <li key={network.name}>
                    <a href={network.url} aria-label={t('footer.social_link', { network: network.name })}>
                      {network.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <div className="hds-footer__copyright-and-links">
          <p className="hds-footer__copyright site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </Footer>
  );
}
