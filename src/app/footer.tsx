import { Footer } from '@postenbring/hedwig-react';
import { footerLinks, socialLinks, type FooterLinks } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import type { TextKey } from '../i18n/nb';
import { ChatbotButton } from '../features/chatbot/chatbot-button';
import { LanguageLinkItems } from './language-links';
import { useHydrated } from '../ui/use-hydrated';

/** The footer's link sections, each rendered the same way; `web` ones are left out of the minimal footer. */
const linkSections: readonly { heading: TextKey; web?: true; links: readonly [keyof FooterLinks, TextKey][] }[] = [
  {
    heading: 'footer.private',
    links: [
      ['privacy', 'footer.privacy'],
      ['terms', 'footer.terms'],
      ['cookies', 'footer.cookies'],
    ],
  },
  {
    heading: 'footer.business',
    web: true,
    links: [
      ['businessServices', 'footer.business_services'],
      ['businessPrices', 'footer.business_prices'],
      ['gdprHelp', 'footer.gdpr_help'],
      ['businessResources', 'footer.business_resources'],
      ['businessTerms', 'footer.business_terms'],
    ],
  },
  {
    heading: 'footer.partners',
    web: true,
    links: [
      ['partners', 'footer.partner_program'],
      ['integrations', 'footer.integrations'],
    ],
  },
];

/**
 * The site footer (SPEC §2). `minimal` on the app's pages (group 'mobile'), seen in the app's web view:
 * what a person there needs (privacy, terms, cookies, help and contact, status, languages, copyright,
 * the accessibility statement),
 * without the business and partner links, social links or the chat.
 */
export function SiteFooter({ minimal = false }: { minimal?: boolean }) {
  const { language, t } = useI18n();
  const links = footerLinks(language);
  // The prerendered page says the year it was built in; hydration keeps that (the same markup), and
  // the render after it says this year: a page built in December is still read in January.
  const copyrightYear = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <Footer className="site-footer" aria-label={t('footer.label')}>
      <div className="hds-container">
        <div className="hds-footer__links-and-buttons">
          <Footer.LinkSections>
            {linkSections
              .filter((section) => !(minimal && section.web))
              .map((section) => (
                <Footer.LinkSection key={section.heading} heading={t(section.heading)}>
                  {section.links.map(([link, label]) => (
                    <li key={link}>
                      <a href={links[link]}>{t(label)}</a>
                    </li>
                  ))}
                </Footer.LinkSection>
              ))}
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
        <div className="hds-footer__copyright-and-links site-footer__legal">
          <p className="hds-footer__copyright site-footer__copyright">{t('footer.copyright', { year: copyrightYear })}</p>
          {/* On every page, the app's minimal footer too (issue #37). */}
          <a className="site-footer__legal-link" href={links.accessibilityStatement}>
            {t('footer.accessibility')}
          </a>
        </div>
      </div>
    </Footer>
  );
}
