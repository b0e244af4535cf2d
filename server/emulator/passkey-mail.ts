/**
 * The emails about changes to a person's passkeys, coalesced per person (issue #45): an intruder
 * adding and removing in a loop sent the person 22 emails in a minute, and the one that mattered was
 * lost among them. The first change is told at once, as before, and opens a window of ten minutes
 * (real time, `now`); the person's further changes within it are kept and told together in one email
 * when it ends. Nothing is dropped: a change is either told at once or kept for the window's email.
 * After a window has ended, the next change is told at once again and opens a new one.
 *
 * What is kept lives in SQLite, so a restart neither loses a change nor tells one twice; a window is
 * ended and its email sent in one transaction, so two servers on one DATA_DIR send it once. Windows
 * end when flushed: before the person's next change, on a timer, and before the dev outbox is read, so
 * the outbox shows what would have been sent by now.
 *
 * Only these emails wait: reset codes, verification links and the reset's notice are what the person
 * is waiting for, and go to the outbox at once. What a window keeps is bounded by the passkey limits
 * (adds per person per minute; removals by the passkeys there are).
 */
import type { Db } from './db';
import { passkeyAddedNotice, passkeyChangesNotice, passkeyRemovedNotice, type NoticedChange, type Notice } from './notices';
import type { Outbox, OutboxMessage } from './outbox';
import type { PasskeyRoot } from './passkey-store';
import type { Person, PersonStore } from './persons';

/** How long after a change told at once the person's further changes are kept for one email. */
export const passkeyMailWindowMs = 10 * 60_000;

/** How often the timer ends the windows that are due (the outbox and the next change end them too). */
export const passkeyMailFlushIntervalMs = 5_000;

/**
 * A change to a person's passkeys; `passkeyId`, for an added one: its "this was not me" link is made
 * from it when the email goes; `byBrowser`: the automatic upgrade made it (issue #51), which the email
 * says, since the person did not knowingly make it.
 */
export type PasskeyChange =
  | { kind: 'added'; passkey: NoticedChange['passkey']; passkeyId?: string; byBrowser?: boolean }
  | { kind: 'removed'; passkey: NoticedChange['passkey'] };

export interface PasskeyMailDeps {
  db: Db;
  outbox: Outbox;
  /** Read when a window's email is sent: the person's address and language then. */
  persons: PersonStore;
  /** Real time (EmulatorOptions.now): when windows open and end. */
  now: () => number;
  /** A new "this was not me" link for an added passkey, made as its email is sent (passkey-undo.ts): no token waits anywhere in clear. */
  undoLink?: (passkeyId: string, person: Person) => string;
}

interface PendingRow {
  kind: NoticedChange['kind'];
  provider: string | null;
  created_at: number;
  root: PasskeyRoot;
  passkey_id: string | null;
  by_browser: number;
}

const changeOf = (row: PendingRow): PasskeyChange => {
  const passkey = { provider: row.provider, createdAt: row.created_at, root: row.root };
  if (row.kind === 'removed') return { kind: 'removed', passkey };
  return { kind: 'added', passkey, ...(row.passkey_id ? { passkeyId: row.passkey_id } : {}), ...(row.by_browser === 1 ? { byBrowser: true } : {}) };
};

const emailTo = (to: string, { subject, text }: Notice, purpose: OutboxMessage['purpose']): OutboxMessage => ({ channel: 'email', to, subject, text, purpose });

export function createPasskeyMail({ db, outbox, persons, now, undoLink }: PasskeyMailDeps) {
  /** The change as an email tells it: an added passkey with its link, made now. */
  const noticed = (change: PasskeyChange, person: Person): NoticedChange =>
    change.kind === 'added'
      ? {
          kind: 'added',
          passkey: change.passkey,
          ...(change.passkeyId && undoLink ? { link: undoLink(change.passkeyId, person) } : {}),
          ...(change.byBrowser ? { byBrowser: true } : {}),
        }
      : change;
  const windowOf = db.prepare<[string], { ends_at: number }>('SELECT ends_at FROM passkey_mail_windows WHERE national_id = ?');
  const openWindow = db.prepare('INSERT INTO passkey_mail_windows (national_id, ends_at) VALUES (?, ?)');
  const closeWindow = db.prepare('DELETE FROM passkey_mail_windows WHERE national_id = ?');
  const dueWindows = db.prepare<[number], { national_id: string }>('SELECT national_id FROM passkey_mail_windows WHERE ends_at <= ? ORDER BY ends_at');
  const anyDue = db.prepare<[number], { due: number }>('SELECT EXISTS (SELECT 1 FROM passkey_mail_windows WHERE ends_at <= ?) AS due');
  const keep = db.prepare(
    'INSERT INTO passkey_mail_pending (national_id, kind, provider, created_at, root, passkey_id, by_browser) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const kept = db.prepare<[string], PendingRow>(
    'SELECT kind, provider, created_at, root, passkey_id, by_browser FROM passkey_mail_pending WHERE national_id = ? ORDER BY id',
  );
  const forget = db.prepare('DELETE FROM passkey_mail_pending WHERE national_id = ?');

  /** Ends the person's window, sending what it kept in one email. */
  const endWindow = (nationalId: string) => {
    closeWindow.run(nationalId);
    const changes = kept.all(nationalId).map(changeOf);
    forget.run(nationalId);
    const person = persons.find(nationalId);
    if (changes.length > 0 && person?.email) {
      const told = changes.map((change) => noticed(change, person));
      outbox.send(emailTo(person.email, passkeyChangesNotice(person.language, told), 'passkey-changes'));
    }
  };

  const flush = db.transaction((at: number) => {
    for (const { national_id } of dueWindows.all(at)) endWindow(national_id);
  });

  const changed = db.transaction((person: Person, change: PasskeyChange, at: number) => {
    if (!person.email) return;
    const open = windowOf.get(person.nationalId);
    if (open && open.ends_at <= at) endWindow(person.nationalId);
    else if (open) {
      const { provider, createdAt, root } = change.passkey;
      const added = change.kind === 'added' ? change : null;
      keep.run(person.nationalId, change.kind, provider, createdAt, root, added?.passkeyId ?? null, added?.byBrowser ? 1 : 0);
      return;
    }
    const told = noticed(change, person);
    const notice = told.kind === 'added' ? passkeyAddedNotice(person.language, told) : passkeyRemovedNotice(person.language, told.passkey);
    outbox.send(emailTo(person.email, notice, change.kind === 'added' ? 'passkey-added' : 'passkey-removed'));
    openWindow.run(person.nationalId, at + passkeyMailWindowMs);
  });

  return {
    /** Tells the person of a change to their passkeys: at once when no window of theirs is open (opening one), or kept for its email. */
    changed(person: Person, change: PasskeyChange): void {
      changed.immediate(person, change, now());
    },
    /** Ends every window that is due, each sending the changes it kept in one email. */
    flush(): void {
      const at = now();
      // Looked at first without the write lock: every outbox read and timer tick asks, and mostly nothing is due.
      if (anyDue.get(at)?.due) flush.immediate(at);
    },
  };
}

export type PasskeyMail = ReturnType<typeof createPasskeyMail>;
