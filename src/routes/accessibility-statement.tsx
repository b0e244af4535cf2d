/**
 * The accessibility statement (issue #37), in the structure of the Norwegian authority's template:
 * conformance status, what is not accessible and why, feedback, supervision and complaints, the date
 * of the last check. Written from docs/accessibility.md's table: change the two together.
 * Its body is in the later texts (i18n/later/), loaded with this route (app/router.tsx), so the
 * statement adds nothing to the other pages' first load.
 */
import type { Language } from '../contract/languages';
import { accessibilityAuthorityLinks, footerLinks } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import type { TextKey } from '../i18n/nb';
import { Page } from '../ui/page';

/** The date of the last check, as in docs/accessibility.md (ISO 8601). */
const lastChecked = '2026-11-27';

/** What is not accessible or not yet checked, each from a row of docs/accessibility.md. */
const gaps: readonly TextKey[] = [
  'a11y_statement.gap_screen_reader',
  'a11y_statement.gap_wording',
  'a11y_statement.gap_password_save',
  'a11y_statement.gap_chat',
  'a11y_statement.gap_eid',
];

/**
 * Nynorsk dates in Bokmål's format, which is the same (as the status banner and the passkeys page do) ("27. november 2026"): browsers with trimmed
 * locale data (Debian's chromium, Chrome on Android) have no "nn" and fell back to American English,
 * which also broke the hydration of the prerendered page (issue #49).
 */
const dateLocales: Record<Language, string> = { nb: 'nb-NO', nn: 'nb-NO', en: 'en-GB' };

function longDate(isoDate: string, language: Language): string {
  // Noon UTC: the same day in every time zone the page is drawn in (the prerender's and the browser's).
  return new Intl.DateTimeFormat(dateLocales[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
}

export function Component() {
  const { language, t } = useI18n();
  return (
    <Page title={t('a11y_statement.title')} heading={t('a11y_statement.heading')}>
      <div className="statement">
        <p className="page__lead">{t('a11y_statement.intro')}</p>

        <section aria-labelledby="statement-status">
          <h2 id="statement-status" className="hds-text-h2">
            {t('a11y_statement.status_heading')}
          </h2>
          <p>{t('a11y_statement.status')}</p>
          <p>{t('a11y_statement.works')}</p>
        </section>

        <section aria-labelledby="statement-gaps">
          <h2 id="statement-gaps" className="hds-text-h2">
            {t('a11y_statement.gaps_heading')}
          </h2>
          <ul>
            {gaps.map((gap) => (
              <li key={gap}>{t(gap)}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="statement-feedback">
          <h2 id="statement-feedback" className="hds-text-h2">
            {t('a11y_statement.feedback_heading')}
          </h2>
          <p>{t('a11y_statement.feedback')}</p>
          <p>
            <a href={footerLinks(language).helpAndContact}>{t('a11y_statement.feedback_link')}</a>
          </p>
        </section>

        <section aria-labelledby="statement-enforcement">
          <h2 id="statement-enforcement" className="hds-text-h2">
            {t('a11y_statement.enforcement_heading')}
          </h2>
          <p>{t('a11y_statement.enforcement')}</p>
          <p>
            <a href={accessibilityAuthorityLinks.enforcementBody}>{t('a11y_statement.enforcement_link')}</a>
          </p>
          <p>{t('a11y_statement.complaint')}</p>
          <p>
            <a href={accessibilityAuthorityLinks.antiDiscriminationTribunal}>{t('a11y_statement.complaint_link')}</a>
          </p>
          <p>{t('a11y_statement.register')}</p>
        </section>

        <section aria-labelledby="statement-checked">
          <h2 id="statement-checked" className="hds-text-h2">
            {t('a11y_statement.checked_heading')}
          </h2>
          <p>{t('a11y_statement.checked', { date: longDate(lastChecked, language) })}</p>
        </section>
      </div>
    </Page>
  );
}
