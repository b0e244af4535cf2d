import { languageNames, languages } from '../contract/languages';
import { languageSwitchUrl } from '../config/paths';
import { useI18n } from '../i18n/i18n-context';
import { useCurrentPath } from './use-current-path';

/**
 * One list item per language, each a full page load of the same screen in that language; the current
 * one marked. The footer and the header's language menu both list them.
 */
export function LanguageLinkItems() {
  const { language } = useI18n();
  const current = useCurrentPath(); // re-renders on navigation, so the links follow the screen
  return languages.map((option) => (
    <li key={option}>
      <a
        href={languageSwitchUrl(current.pathname, current.search, option)}
        lang={option}
        hrefLang={option}
        aria-current={option === language ? 'true' : undefined}
      >
        {languageNames[option]}
      </a>
    </li>
  ));
}
