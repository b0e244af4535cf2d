/**
 * Loads the chatbot widget script on demand (SPEC §1): a <script src> from runtimeConfig().chatbotUrl
 * with ?lang=en or ?lang=no, once. A failed load is forgotten, so the next attempt tries again.
 */
import type { Language } from '../../contract/languages';
import { runtimeConfig } from '../../config/runtime';

export type ChatLanguage = 'en' | 'no';

export interface DigipostChatApi {
  open: (options: { language: ChatLanguage }) => void;
}

declare global {
  interface Window {
    DigipostChat?: DigipostChatApi;
  }
}

/** The chatbot speaks English or Norwegian: nb and nn both get Norwegian. */
export function chatLanguage(language: Language): ChatLanguage {
  return language === 'en' ? 'en' : 'no';
}

export function chatbotScriptUrl(language: Language, baseUrl = runtimeConfig().chatbotUrl): string {
  return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}lang=${chatLanguage(language)}`;
}

const loads = new Map<string, Promise<DigipostChatApi>>();

/** Resolves with the widget once its script has run; rejects if it could not be loaded. */
export function loadChatbot(language: Language): Promise<DigipostChatApi> {
  const src = chatbotScriptUrl(language);
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<DigipostChatApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.chatbot = '';
    const fail = (reason: string) => {
      loads.delete(src);
      script.remove();
      reject(new Error(reason));
    };
    script.onload = () => {
      const widget = window.DigipostChat;
      if (widget && typeof widget.open === 'function') resolve(widget);
      else fail('The chatbot script did not define DigipostChat');
    };
    script.onerror = () => fail('The chatbot script could not be loaded');
    document.head.appendChild(script);
  });
  loads.set(src, loading);
  return loading;
}

/** For tests: forget loaded scripts. */
export function resetChatbotLoader() {
  loads.clear();
  for (const script of document.head.querySelectorAll('script[data-chatbot]')) script.remove();
}
