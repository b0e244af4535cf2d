/**
 * GET /dev/chatbot/widget.js: a stand-in for the real chatbot. A plain script (no eval, no inline
 * handlers) defining window.DigipostChat.open({ language }), which opens a small accessible chat panel
 * that answers every message with a canned reply in Norwegian or English.
 */
import { Hono } from 'hono';

const widget = String.raw`(function () {
  'use strict';
  if (window.DigipostChat) return;
  var texts = {
    no: { close: 'Lukk chatten', label: 'Skriv en melding', send: 'Send', you: 'Du', bot: 'Digipost',
      welcome: 'Hei! Hva kan vi hjelpe deg med?',
      answer: 'Takk for meldingen! Dette er en demo, så svaret kommer ikke fra et menneske. Se hjelpesidene for mer hjelp.' },
    en: { close: 'Close the chat', label: 'Write a message', send: 'Send', you: 'You', bot: 'Digipost',
      welcome: 'Hi! What can we help you with?',
      answer: 'Thanks for your message! This is a demo, so the answer does not come from a person. See the help pages for more help.' }
  };
  var scriptLanguage = (function () {
    var script = document.currentScript;
    var match = script && /[?&]lang=(en|no)\b/.exec(script.src);
    return match ? match[1] : 'no';
  })();
  var panel = null;
  var opener = null;

  function el(tag, props) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      if (key === 'text') node.textContent = props[key];
      else node.setAttribute(key, props[key]);
    });
    return node;
  }

  function style(node, rules) {
    Object.keys(rules).forEach(function (key) { node.style[key] = rules[key]; });
  }

  function build(language) {
    var t = texts[language];
    var dialog = el('dialog', { id: 'digipost-chat', 'aria-labelledby': 'digipost-chat-heading', lang: language === 'en' ? 'en' : 'nb' });
    style(dialog, { position: 'fixed', inset: 'auto 1rem 1rem auto', margin: '0', width: 'min(22rem, calc(100vw - 2rem))',
      padding: '1rem', border: '2px solid #1a1a1a', borderRadius: '8px', background: '#ffffff', color: '#1a1a1a',
      zIndex: '1000', fontFamily: 'inherit' });
    var header = el('div');
    style(header, { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem' });
    var heading = el('h2', { id: 'digipost-chat-heading', text: 'Digipost chat' });
    style(heading, { margin: '0', fontSize: '1.25rem' });
    var close = el('button', { type: 'button', text: t.close });
    var log = el('div', { role: 'log', 'aria-live': 'polite', 'aria-label': 'Digipost chat', tabindex: '0' });
    style(log, { maxHeight: '12rem', overflowY: 'auto', margin: '0.75rem 0' });
    var form = el('form');
    var label = el('label', { for: 'digipost-chat-input', text: t.label });
    style(label, { display: 'block' });
    var input = el('input', { id: 'digipost-chat-input', type: 'text', name: 'message', autocomplete: 'off' });
    style(input, { width: '100%', boxSizing: 'border-box', margin: '0.25rem 0 0.5rem' });
    var send = el('button', { type: 'submit', text: t.send });

    function say(who, message) {
      var line = el('p', { text: who + ': ' + message });
      style(line, { margin: '0 0 0.5rem' });
      log.appendChild(line);
      log.scrollTop = log.scrollHeight;
    }

    close.addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () { if (opener && opener.focus) opener.focus(); });
    dialog.addEventListener('keydown', function (event) { if (event.key === 'Escape') dialog.close(); });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var message = input.value.trim();
      if (!message) return;
      input.value = '';
      say(t.you, message);
      setTimeout(function () { say(t.bot, t.answer); }, 300);
    });

    header.appendChild(heading);
    header.appendChild(close);
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(send);
    dialog.appendChild(header);
    dialog.appendChild(log);
    dialog.appendChild(form);
    say(t.bot, t.welcome);
    document.body.appendChild(dialog);
    return { dialog: dialog, input: input, language: language };
  }

  window.DigipostChat = {
    open: function (options) {
      var language = options && (options.language === 'en' || options.language === 'no') ? options.language : scriptLanguage;
      if (panel && panel.language !== language) { panel.dialog.remove(); panel = null; }
      if (!panel) panel = build(language);
      opener = document.activeElement;
      if (!panel.dialog.open) panel.dialog.show();
      panel.input.focus();
    }
  };
})();
`;

/** Mounted at /dev. */
export function chatbotRoutes() {
  const routes = new Hono();
  routes.get('/chatbot/widget.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(widget);
  });
  return routes;
}
