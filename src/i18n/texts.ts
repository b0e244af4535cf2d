import type { Language } from '../contract/languages';
import type { PageTexts, TextPart, Texts } from './nb';
import { signInTexts } from './sign-in/part';

function pageTexts(language: Language): Promise<PageTexts> {
  switch (language) {
    case 'nn':
      return import('./page/nn').then((module) => module.nnPage);
    case 'en':
      return import('./page/en').then((module) => module.enPage);
    default:
      return import('./page/nb').then((module) => module.nbPage);
  }
}

function laterTexts(language: Language): Promise<Record<string, string>> {
  switch (language) {
    case 'nn':
      return import('./later/nn').then((module) => module.nnLater);
    case 'en':
      return import('./later/en').then((module) => module.enLater);
    default:
      return import('./later/nb').then((module) => module.nbLater);
  }
}

let inUse: { language: Language; table: Record<string, string>; parts: Record<string, Promise<void> | undefined> } | undefined;

/**
 * The texts of the language in use, for the app in the browser: only the part a page may need at once
 * (a page never ships all three languages, nor the texts of parts it has not loaded). The rest arrive
 * with loadLaterTexts, into the same table.
 */
export async function loadTexts(language: Language): Promise<Texts> {
  const table: Record<string, string> = { ...(await pageTexts(language)) };
  inUse = { language, table, parts: {} };
  return table as Texts;
}

/** The texts parts loaded later use: later/, and the sign-in screens' (their messages name both). */
const laterPart: TextPart = { name: 'later', load: laterTexts };

/**
 * Parts' texts, added to the table loadTexts gave, each fetched once: a route's first-load parts (the
 * router loads them with it: screens/route-texts.ts), or a lazily loaded part's. Without a loadTexts
 * before (tests, the prerender) the whole table is already in use: nothing to do.
 */
export function loadTextParts(parts: readonly TextPart[]): Promise<unknown> {
  const current = inUse;
  if (!current) return Promise.resolve();
  return Promise.all(
    parts.map(
      (part) =>
        (current.parts[part.name] ??= part.load(current.language).then(
          (loaded) => {
            Object.assign(current.table, loaded);
          },
          (error: unknown) => {
            // A failed fetch (offline a moment): the next part that needs them tries again.
            current.parts[part.name] = undefined;
            throw error;
          },
        )),
    ),
  );
}

/**
 * The texts of a part loaded later: those of later/ and sign-in/, with any part, and a part's own
 * (./parts.ts) where it names one. Each module that shows one of them awaits this at its top level, so
 * it cannot render before they are there (app/hydration.test.tsx fails for a first paint that shows one
 * before).
 */
export function loadLaterTexts(part?: TextPart): Promise<unknown> {
  return loadTextParts(part ? [laterPart, signInTexts, part] : [laterPart, signInTexts]);
}

/** Every text of a language at once: the prerender and tests that render any screen. */
export async function loadAllTexts(language: Language): Promise<Texts> {
  const { forgotTexts, mobileTexts, passkeysTexts, resetTexts, statementTexts } = await import('./parts');
  const parts = await Promise.all([
    pageTexts(language),
    laterTexts(language),
    ...[signInTexts, forgotTexts, mobileTexts, resetTexts, passkeysTexts, statementTexts].map((part) => part.load(language)),
  ]);
  return Object.assign({}, ...parts) as Texts;
}
