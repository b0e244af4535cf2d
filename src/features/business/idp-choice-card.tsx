import type { RootDocument } from '../../api/root';
import { requireLink } from '../../api/links';
import { brokerMethods, type LoginRole } from '../../contract/login-roles';
import { loginIdpUrl } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-context';
import { analyticsActions, analyticsCategories, trackLinkClick } from '../analytics';

/**
 * The identity-provider choice for a login role: BankID or Buypass through the identity broker. Plain
 * links: the login is a browser redirect, so it works before any script has run.
 */
export function IdpChoiceCard({ root, role, title, body }: { root: RootDocument; role: LoginRole; title: string; body: string }) {
  const { t, language } = useI18n();
  const link = requireLink(root.link, 'login_idp');
  return (
    <section className="hds-box hds-box--lighter idp-card" aria-labelledby={`idp-card-${role}`}>
      <h2 id={`idp-card-${role}`} className="hds-text-h3 idp-card__title">
        {title}
      </h2>
      <p>{body}</p>
      <div className="idp-card__choices">
        {brokerMethods.map((method, index) => (
          <a
            key={method}
            className={`hds-button hds-button--large ${index === 0 ? 'hds-button--primary' : 'hds-button--secondary'}`}
            href={loginIdpUrl(link.uri, { role, method, language })}
            onClick={trackLinkClick({
              category: analyticsCategories.loginBusinessUser,
              action: analyticsActions.buttonClick,
              label: `${role.toLowerCase()} ${method}`,
            })}
          >
            {t(method === 'bankid' ? 'broker.bankid' : 'broker.buypass')}
          </a>
        ))}
      </div>
    </section>
  );
}
