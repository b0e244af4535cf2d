/**
 * The dev outbox: every email and SMS the emulated service "sends" (reset codes, verification links,
 * and notices: a passkey added or removed, the passkey changes of a window together (passkey-mail.ts),
 * a password reset done), readable as a page at /dev/outbox and as JSON at /dev/api/outbox (newest
 * first). Notices are in the person's language, as they would read them; the emulator's own pages are
 * in English, for developers.
 */
import { Hono } from 'hono';
import type { Db } from './db';
import { emulatorPage, html } from './html';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  code?: string;
  link?: string;
  /** A notice's subject and text (no code or link to act on). */
  subject?: string;
  text?: string;
  purpose: 'password-reset' | 'email-verification' | 'password-reset-completed' | 'passkey-added' | 'passkey-removed' | 'passkey-changes';
}

interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  code: string | null;
  link: string | null;
  subject: string | null;
  message: string | null;
  purpose: OutboxMessage['purpose'];
  created_at: number;
}

export function createOutbox(db: Db, print: (line: string) => void) {
  const insert = db.prepare('INSERT INTO outbox (channel, recipient, code, link, subject, message, purpose, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const latest = db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT 200');
  return {
    send(message: OutboxMessage) {
      insert.run(
        message.channel,
        message.to,
        message.code ?? null,
        message.link ?? null,
        message.subject ?? null,
        message.text ?? null,
        message.purpose,
        Date.now(),
      );
      print(`[outbox] ${message.channel} to ${message.to} (${message.purpose}): ${message.code ?? message.link ?? message.subject}`);
    },
    list() {
      return latest.all().map((row) => ({
        channel: row.channel,
        to: row.recipient,
        ...(row.code ? { code: row.code } : {}),
        ...(row.link ? { link: row.link } : {}),
        ...(row.subject ? { subject: row.subject } : {}),
        ...(row.message ? { text: row.message } : {}),
        purpose: row.purpose,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

export interface OutboxRoutesOptions {
  /**
   * Called before each read: sends what is due by now but waits for a timer (passkey-mail.ts's
   * windows), so the outbox shows what has been sent by now, whatever the timer's moment.
   */
  beforeRead?: () => void;
}

/** Mounted at /dev. */
export function outboxRoutes(outbox: Outbox, { beforeRead }: OutboxRoutesOptions = {}) {
  const routes = new Hono();
  const list = () => {
    beforeRead?.();
    return outbox.list();
  };
  routes.get('/api/outbox', (c) => c.json(list()));
  routes.get('/outbox', (c) => {
    const rows = list().map(
      (message) =>
        html`<tr><td>${message.createdAt.replace('T', ' ').slice(0, 19)}</td><td>${message.channel}</td><td>${message.to}</td><td>${message.purpose}</td><td>${
          message.link
            ? html`<a href="${message.link}">${message.link}</a>`
            : message.text
              ? html`<strong>${message.subject ?? ''}</strong><br><span class="message">${message.text}</span>`
              : html`<strong>${message.code ?? ''}</strong>`
        }</td></tr>`,
    );
    return c.html(
      emulatorPage({
        title: 'Outbox',
        body: html`<h1>Outbox</h1>
<p>Emails and text messages the service has sent, newest first. <a href="/dev/outbox">Refresh</a></p>
<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Purpose</th><th scope="col">Code, link or message</th></tr></thead>
<tbody>${rows.length > 0 ? rows : html`<tr><td colspan="5">Nothing sent yet.</td></tr>`}</tbody></table>`,
      }),
    );
  });
  return routes;
}
