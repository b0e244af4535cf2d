import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../contract/languages';
import type { TextKey, Texts } from './nb';
import { translate, type TextParams } from './translate';

export type Translate = (key: TextKey, params?: TextParams) => string;

interface I18nValue {
  language: Language;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ language, texts, children }: { language: Language; texts: Texts; children: ReactNode }) {
  const t = useCallback<Translate>((key, params) => translate({ [language]: texts }, language, key, params), [language, texts]);
  const value = useMemo(() => ({ language, t }), [language, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}
