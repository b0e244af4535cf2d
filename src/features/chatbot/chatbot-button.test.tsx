import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Language } from '../../contract/languages';
import { I18nProvider } from '../../i18n/i18n-context';
import { en } from '../../i18n/en';
import { nb } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { setRuntimeSettings } from '../../config/test-runtime-settings';
import { ChatbotButton } from './chatbot-button';
import { chatbotPartAttribute, withoutChatbot } from './chatbot-markup';
import { resetChatbotLoader } from './load-chatbot';

const tables = { nb, nn, en };

function renderButton(language: Language) {
  render(
    <I18nProvider language={language} texts={tables[language]}>
      <ChatbotButton />
    </I18nProvider>,
  );
  return screen.getByRole('button', { name: tables[language]['footer.chatbot'] });
}

function chatScripts() {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-chatbot]'));
}

const open = vi.fn();

beforeEach(() => {
  resetChatbotLoader();
  open.mockReset();
});

afterEach(() => {
  resetChatbotLoader();
  delete window.DigipostChat;
});

async function scriptLoads(script: HTMLScriptElement) {
  window.DigipostChat = { open };
  await act(async () => {
    script.dispatchEvent(new Event('load'));
  });
}

/** The button pressed, then the script it added ends in `event` (a load that defines no widget, or an error): the button. */
async function pressAndEndScript(language: Language, event: 'load' | 'error') {
  const button = renderButton(language);
  fireEvent.click(button);
  await act(async () => {
    chatScripts()[0].dispatchEvent(new Event(event));
  });
  return button;
}

describe('ChatbotButton', () => {
  it('is a button that loads nothing until pressed', () => {
    renderButton('nb');
    expect(chatScripts()).toHaveLength(0);
  });

  for (const [language, lang] of [
    ['nb', 'no'],
    ['nn', 'no'],
    ['en', 'en'],
  ] as const) {
    it(`loads the script with ?lang=${lang} in ${language}, shows progress, then opens the chat`, async () => {
      const button = renderButton(language);
      fireEvent.click(button);
      const [script] = chatScripts();
      expect(script.getAttribute('src')).toBe(`/dev/chatbot/widget.js?lang=${lang}`);
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('status')).toHaveTextContent(tables[language]['chatbot.loading']);
      await scriptLoads(script);
      expect(open).toHaveBeenCalledWith({ language: lang });
      expect(button).not.toHaveAttribute('aria-busy');
      expect(screen.getByRole('status')).toHaveTextContent('');
    });
  }

  it('loads the script once: a second press opens the chat again without a new script', async () => {
    const button = renderButton('en');
    fireEvent.click(button);
    await scriptLoads(chatScripts()[0]);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(chatScripts()).toHaveLength(1);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('tells the person when loading fails, and tries again when pressed again', async () => {
    const button = await pressAndEndScript('nb', 'error');
    expect(screen.getByRole('status')).toHaveTextContent(nb['chatbot.failed']);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(chatScripts()).toHaveLength(0);
    fireEvent.click(button);
    expect(chatScripts()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(nb['chatbot.loading']);
    await scriptLoads(chatScripts()[0]);
    expect(open).toHaveBeenCalledWith({ language: 'no' });
  });

  it('fails politely when the script defines no widget', async () => {
    const button = await pressAndEndScript('en', 'load');
    expect(screen.getByRole('status')).toHaveTextContent(en['chatbot.failed']);
    expect(button).toBeEnabled();
  });

  it('is not there when there is no chatbot (an empty chatbotUrl)', () => {
    setRuntimeSettings({ chatbotUrl: '' });
    try {
      const { container } = render(
        <I18nProvider language="nb" texts={nb}>
          <ChatbotButton />
        </I18nProvider>,
      );
      expect(container).toBeEmptyDOMElement();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(chatScripts()).toHaveLength(0);
    } finally {
      setRuntimeSettings(null);
    }
  });

  it('marks its button and live region, so prerendered markup can go without them', () => {
    render(
      <I18nProvider language="nb" texts={nb}>
        <div data-testid="footer">
          <a href="/help">Help</a>
          <ChatbotButton />
          <a href="/status">Status</a>
        </div>
      </I18nProvider>,
    );
    const footer = screen.getByTestId('footer');
    expect(footer.querySelectorAll(`[${chatbotPartAttribute}]`)).toHaveLength(2);
    const without = withoutChatbot(footer.outerHTML);
    expect(without).toBe('<div data-testid="footer"><a href="/help">Help</a><a href="/status">Status</a></div>');
  });
});
