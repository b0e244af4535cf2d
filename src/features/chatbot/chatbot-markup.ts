/**
 * The chat button's elements carry this attribute, so a server without a chatbot (CHATBOT_URL off) can
 * take them out of the build's prerendered markup, which always has them: the page then hydrates
 * without them, as the button draws nothing when there is no chatbot.
 */
export const chatbotPartAttribute = 'data-chatbot-part';

// The button and its live region: elements with text only, as ChatbotButton renders them.
const parts = new RegExp(`<(button|span)\\b[^>]*\\s${chatbotPartAttribute}=""[^>]*>[^<]*</\\1>`, 'g');

/** The markup without the chat button and its live region. */
export function withoutChatbot(markup: string): string {
  return markup.replace(parts, '');
}
