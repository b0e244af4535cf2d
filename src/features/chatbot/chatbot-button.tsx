import { useRef, useState } from 'react';
import { runtimeConfig } from '../../config/runtime';
import { useI18n } from '../../i18n/i18n-context';
import { chatbotPartAttribute } from './chatbot-markup';
import { chatLanguage, loadChatbot } from './load-chatbot';

type ChatState = 'idle' | 'loading' | 'failed';

/** Marks the button and its live region in markup (chatbot-markup.ts). */
const part = { [chatbotPartAttribute]: '' };

/**
 * The footer's chat button: loads the chatbot script only when pressed, then opens the chat in
 * English or Norwegian. Progress and failure are announced in a polite live region; after a failure
 * the button tries again. Without a chatbot (an empty chatbotUrl) there is no button.
 */
export function ChatbotButton() {
  const { language, t } = useI18n();
  const [state, setState] = useState<ChatState>('idle');
  const busy = useRef(false);

  if (!runtimeConfig().chatbotUrl) return null;

  const open = () => {
    if (busy.current) return;
    busy.current = true;
    setState('loading');
    loadChatbot(language)
      .then((widget) => {
        widget.open({ language: chatLanguage(language) });
        setState('idle');
      })
      .catch(() => setState('failed'))
      .finally(() => {
        busy.current = false;
      });
  };

  return (
    <>
      <button
        {...part}
        type="button"
        className="hds-button hds-button--large hds-button--inverted"
        aria-busy={state === 'loading' || undefined}
        aria-describedby={state === 'idle' ? undefined : 'chatbot-status'}
        onClick={open}
      >
        {t('footer.chatbot')}
      </button>
      <span {...part} id="chatbot-status" className="chatbot-status" role="status" aria-live="polite">
        {state === 'loading' ? t('chatbot.loading') : state === 'failed' ? t('chatbot.failed') : ''}
      </span>
    </>
  );
}
