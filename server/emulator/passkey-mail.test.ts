// @vitest-environment node
/**
 * Passkey emails coalesced per person (issue #45): an intruder adding and removing in a loop sent the
 * person 22 emails in a minute. Against the emulator over HTTP, with a real-time clock the tests move
 * past a window; the "this was not me" links, which no route gives yet, against the module itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../src/contract/languages';
import { openDatabase } from './db';
import { createEmulator, type Emulator } from './index';
import { createOutbox } from './outbox';
import { createPasskeyMail, passkeyMailWindowMs } from './passkey-mail';
import { createPersonStore } from './persons';
import { emulatorForTests } from './test-emulator';
import { softwareAuthenticator } from './test-authenticator';
import { passkeyHelpers, type OutboxItem } from './test-passkeys';
import type { Person } from '../test-http';

const minute = 60_000;
/** Real time as the emulator sees it: the tests move it on. */
let realTimeAhead = 0;
const now = () => Date.now() + realTimeAhead;
const emulator = emulatorForTests('passkey-mail', { now });
const { freshPerson, passwordSignedIn, register, resetPassword, outboxTo } = passkeyHelpers(emulator, '10.45');

const passkeyEmails = async (person: Person): Promise<OutboxItem[]> =>
  (await outboxTo(person.email)).filter((message) => message.purpose.startsWith('passkey-'));
const purposes = (messages: OutboxItem[]) => messages.map((message) => message.purpose);

describe('a person’s passkey changes within ten minutes', () => {
  it('20 adds and removes within a minute: the first told at once, the other 19 in one email once the window has ended', async () => {
    const person = await freshPerson();
    const intruder = await passwordSignedIn(person);
    for (let round = 0; round < 10; round += 1) {
      const { link } = await register(intruder, softwareAuthenticator());
      expect((await intruder.remove(link[0].uri)).status).toBe(204);
    }
    expect(purposes(await passkeyEmails(person))).toEqual(['passkey-added']);
    realTimeAhead += passkeyMailWindowMs - minute;
    expect(purposes(await passkeyEmails(person))).toEqual(['passkey-added']);
    realTimeAhead += minute;
    const sent = await passkeyEmails(person);
    expect(purposes(sent)).toEqual(['passkey-changes', 'passkey-added']);
    const [together, first] = sent;
    expect(first.text?.match(/^– Passnøkkel, laget /gm)).toHaveLength(1);
    expect(together.subject).toBe('Endringer i passnøklene dine i Digipost');
    expect(together.text?.match(/^– Lagt til: Passnøkkel, laget \d+\. \p{L}+ \d{4} kl\. \d\d\.\d\d$/gmu)).toHaveLength(9);
    expect(together.text?.match(/^– Fjernet: Passnøkkel, laget /gm)).toHaveLength(10);
    expect(together.text).toContain('Var det ikke deg? Bytt passord med «Glemt passord?»');
    // Ended: nothing more comes of it.
    realTimeAhead += passkeyMailWindowMs;
    expect(await passkeyEmails(person)).toHaveLength(2);
  });

  it('tells a change after the window has ended at once again, and keeps the next for a new window; an empty window sends nothing', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    await register(client, softwareAuthenticator());
    realTimeAhead += passkeyMailWindowMs;
    expect(purposes(await passkeyEmails(person))).toEqual(['passkey-added']);
    const second = await register(client, softwareAuthenticator());
    expect(purposes(await passkeyEmails(person))).toEqual(['passkey-added', 'passkey-added']);
    expect((await client.remove(second.link[0].uri)).status).toBe(204);
    expect(await passkeyEmails(person)).toHaveLength(2);
    realTimeAhead += passkeyMailWindowMs;
    const sent = await passkeyEmails(person);
    expect(purposes(sent)).toEqual(['passkey-changes', 'passkey-added', 'passkey-added']);
    expect(sent[0].text?.match(/^– /gm)).toHaveLength(1);
    expect(sent[0].text).toMatch(/^– Fjernet: Passnøkkel, laget /m);
  });

  it('sends reset codes and the reset’s notice at once while a window is open', async () => {
    const person = await freshPerson();
    const client = await passwordSignedIn(person);
    await register(client, softwareAuthenticator());
    await register(client, softwareAuthenticator());
    // The reset reads both codes from the outbox: they were there at once.
    expect((await resetPassword(person)).status).toBe(200);
    const sent = await outboxTo(person.email);
    expect(purposes(sent)).toEqual(['password-reset-completed', 'password-reset', 'passkey-added']);
    realTimeAhead += passkeyMailWindowMs;
    const after = await outboxTo(person.email);
    expect(purposes(after)).toEqual(['passkey-changes', 'password-reset-completed', 'password-reset', 'passkey-added']);
    expect(after[0].text?.match(/^– Lagt til: /gm)).toHaveLength(1);
  });

  it('does not hold another person’s changes in this person’s window', async () => {
    const [one, other] = [await freshPerson(), await freshPerson('en')];
    const ones = await passwordSignedIn(one);
    const others = await passwordSignedIn(other);
    await register(ones, softwareAuthenticator());
    await register(ones, softwareAuthenticator());
    const otherFirst = await register(others, softwareAuthenticator());
    expect(purposes(await passkeyEmails(other))).toEqual(['passkey-added']);
    expect((await others.remove(otherFirst.link[0].uri)).status).toBe(204);
    expect(purposes(await passkeyEmails(other))).toEqual(['passkey-added']);
    expect(purposes(await passkeyEmails(one))).toEqual(['passkey-added']);
    realTimeAhead += passkeyMailWindowMs;
    const [together] = await passkeyEmails(other);
    expect(together.subject).toBe('Changes to your passkeys in Digipost');
    expect(together.text).toMatch(/^– Removed: Passkey, created \d+ [A-Z][a-z]+ \d{4} at \d\d:\d\d$/m);
    expect((await passkeyEmails(one))[0].text).toMatch(/^– Lagt til: Passnøkkel/m);
  });
});

describe('a restart', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a person’s window and the changes it held, and sends them after it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-passkey-mail-restart-'));
    dirs.push(dataDir);
    let ahead = 0;
    const start = () => createEmulator(dataDir, { now: () => Date.now() + ahead, print: () => {} });
    let current: Emulator = start();
    const helpers = passkeyHelpers(
      {
        get app() {
          return current.app;
        },
      },
      '10.46',
    );
    const sentTo = (email: string) =>
      (current.db.prepare('SELECT purpose FROM outbox WHERE recipient = ? ORDER BY id').all(email) as { purpose: string }[]).map((row) => row.purpose);
    try {
      const person = await helpers.freshPerson();
      const client = await helpers.passwordSignedIn(person);
      await helpers.register(client, softwareAuthenticator());
      await helpers.register(client, softwareAuthenticator());
      await helpers.register(client, softwareAuthenticator());
      current.close();
      current = start();
      // Still in the window: held, and so is a change made after the restart.
      expect(purposes(await helpers.outboxTo(person.email))).toEqual(['passkey-added']);
      await helpers.register(await helpers.passwordSignedIn(person), softwareAuthenticator());
      expect(sentTo(person.email)).toEqual(['passkey-added']);
      // The window ends while the emulator is stopped: sent as it starts again, before anyone reads the outbox.
      current.close();
      ahead += passkeyMailWindowMs;
      current = start();
      expect(sentTo(person.email)).toEqual(['passkey-added', 'passkey-changes']);
      const [together] = await helpers.outboxTo(person.email);
      expect(together.text?.match(/^– Lagt til: Passnøkkel, laget /gm)).toHaveLength(3);
    } finally {
      current.close();
    }
  });
});

describe('“this was not me” links', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The module on a database of its own, with one person, at a time the test moves. */
  function mailFor(language: Language) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'innlogging-passkey-mail-'));
    dirs.push(dataDir);
    const db = openDatabase(dataDir);
    const outbox = createOutbox(db, () => {});
    const persons = createPersonStore(db);
    persons.add({ nationalId: '01017012345', fullName: 'Lenke Lenkesen', email: 'lenke@example.test', phone: '+4790000000', passwordHash: 'x', language });
    const person = persons.find('01017012345')!;
    const clock = { at: Date.UTC(2026, 10, 12, 13, 5) };
    // A link made from the passkey's id as the email goes (index.ts makes a token's).
    const mail = createPasskeyMail({ db, outbox, persons, now: () => clock.at, undoLink: (passkeyId) => `https://digipost.test/not-me/${passkeyId}` });
    return { db, outbox, person, clock, mail };
  }

  it('shows each added passkey’s link under its line, at once and in the window’s email, once each', () => {
    const { db, outbox, person, clock, mail } = mailFor('nb');
    try {
      const passkey = (provider: string | null, root: 'eid' | 'password' = 'password') => ({ provider, createdAt: clock.at, root });
      mail.changed(person, { kind: 'added', passkey: passkey('iCloud Keychain'), passkeyId: '1' });
      const [first] = outbox.list();
      expect(first.purpose).toBe('passkey-added');
      expect(first.text).toBe(
        [
          'Det er laget en ny passnøkkel for Digipost-kontoen din. Med den kan du logge inn uten passord.',
          '– iCloud Keychain, laget 12. november 2026 kl. 14.05',
          '  Var det ikke deg? Fjern den her, så blir alle logget ut (lenken virker i 7 dager): https://digipost.test/not-me/1',
          'Var det ikke deg, bytt passord også, med «Glemt passord?» på innloggingssiden.',
        ].join('\n'),
      );
      clock.at += minute;
      mail.changed(person, { kind: 'added', passkey: passkey('Google Password Manager'), passkeyId: '2' });
      mail.changed(person, { kind: 'removed', passkey: passkey('iCloud Keychain') });
      mail.changed(person, { kind: 'added', passkey: passkey(null, 'eid') });
      mail.changed(person, { kind: 'added', passkey: passkey('1Password'), passkeyId: '3' });
      mail.flush();
      expect(outbox.list()).toHaveLength(1);
      // The window ends ten minutes after the first email, not after the last change.
      clock.at = Date.UTC(2026, 10, 12, 13, 15);
      mail.flush();
      const [together] = outbox.list();
      expect(together.purpose).toBe('passkey-changes');
      const text = together.text ?? '';
      expect(text).toContain(
        [
          'Dette er endret i passnøklene for Digipost-kontoen din siden forrige e-post fra oss:',
          '– Lagt til: Google Password Manager, laget 12. november 2026 kl. 14.06',
          '  Var det ikke deg? Fjern den her, så blir alle logget ut (lenken virker i 7 dager): https://digipost.test/not-me/2',
          '– Fjernet: iCloud Keychain, laget 12. november 2026 kl. 14.06',
          '– Lagt til: Passnøkkel, laget 12. november 2026 kl. 14.06',
          '– Lagt til: 1Password, laget 12. november 2026 kl. 14.06',
          '  Var det ikke deg? Fjern den her, så blir alle logget ut (lenken virker i 7 dager): https://digipost.test/not-me/3',
          '',
        ].join('\n'),
      );
      for (const link of ['/not-me/2', '/not-me/3']) expect(text.split(link)).toHaveLength(2);
      expect(text).not.toContain('/not-me/1');
      // An eID-rooted passkey was added: a reset would not remove it, and the email says so.
      expect(text).toContain('blir ikke fjernet når du bytter passord');
      expect(db.prepare('SELECT count(*) AS n FROM passkey_mail_pending').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('writes the window’s email in Nynorsk and English too', () => {
    const texts: Record<string, string> = {};
    for (const language of ['nn', 'en'] as const) {
      const { db, outbox, person, clock, mail } = mailFor(language);
      try {
        const passkey = { provider: null, createdAt: clock.at, root: 'password' as const };
        mail.changed(person, { kind: 'added', passkey });
        mail.changed(person, { kind: 'added', passkey, passkeyId: '4' });
        mail.changed(person, { kind: 'removed', passkey });
        clock.at += passkeyMailWindowMs;
        mail.flush();
        const [together] = outbox.list();
        texts[language] = `${together.subject}\n${together.text}`;
      } finally {
        db.close();
      }
    }
    expect(texts.nn).toMatch(/^Endringar i passnøklane dine i Digipost\nDette er endra i passnøklane .* sidan førre e-post frå oss:$/m);
    expect(texts.nn).toContain(
      '– Lagt til: Passnøkkel, laga 12. november 2026 kl. 14.05\n  Var det ikkje deg? Fjern han her, så blir alle logga ut (lenka verkar i 7 dagar): https://digipost.test/not-me/4\n– Fjerna: Passnøkkel, laga ',
    );
    expect(texts.nn).toContain('Var det ikkje deg? Byt passord');
    expect(texts.nn).not.toContain('elektronisk ID');
    expect(texts.en).toMatch(/^Changes to your passkeys in Digipost\n/);
    expect(texts.en).toContain(
      '– Added: Passkey, created 12 November 2026 at 14:05\n  Not you? Remove it here, and everyone will be logged out (the link works for 7 days): https://digipost.test/not-me/4\n– Removed: Passkey, created ',
    );
  });
});
