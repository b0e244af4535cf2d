import { footerLinks } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';

/**
 * The footer's chat button. Loading the chatbot script on demand is its own issue (status banner,
 * chatbot, analytics); until then the button takes the person to help and contact, where chat is offered.
 */
export function ChatbotButton() {
  const { language, t } = useI18n();
  return (
    <a className="hds-button hds-button--large hds-button--inverted" href={footerLinks(language).helpAndContact}>
      {t('footer.chatbot')}
    </a>
  );
}
