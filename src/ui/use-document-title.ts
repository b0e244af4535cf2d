import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n-context';

/** Sets the tab title to "<page> – Digipost", so every screen is told apart in history and tabs. */
export function useDocumentTitle(page: string) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = t('app.title', { page });
  }, [page, t]);
}
