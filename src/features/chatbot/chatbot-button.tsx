import { useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { chatLanguage, loadChatbot } from './load-chatbot';

type ChatState = 'idle' | 'loading' | 'failed';

/**
 * The footer's chat button: loads the chatbot script only when pressed, then opens the chat in
 * English or Norwegian. Progress and failure are announced in a polite live region; after a failure
 * the button tries again.
 */
export function ChatbotButton() {
  const { language, t } = useI18n();
  const [state, setState] = useState<ChatState>('idle');
  const busy = useRef(false);

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
        type="button"
        className="hds-button hds-button--large hds-button--inverted"
        aria-busy={state === 'loading' || undefined}
        aria-describedby={state === 'idle' ? undefined : 'chatbot-status'}
        onClick={open}
      >
        {t('footer.chatbot')}
      </button>
      <span id="chatbot-status" className="chatbot-status" role="status" aria-live="polite">
        {state === 'loading' ? t('chatbot.loading') : state === 'failed' ? t('chatbot.failed') : ''}
      </span>
    </>
  );
}
