import type { Language } from '../contract/languages';
import type { PageTexts, Texts } from './nb';

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

/** The texts of parts loaded later, each part's own (the nb files say which). */
export type LaterPart = 'later' | 'reset' | 'passkeys' | 'statement';

// One import per part and language, so that each is its own chunk and a page fetches only its own.
const partTexts: Record<LaterPart, Record<Language, () => Promise<Record<string, string>>>> = {
  later: {
    nb: () => import('./later/nb').then((module) => module.nbLater),
    nn: () => import('./later/nn').then((module) => module.nnLater),
    en: () => import('./later/en').then((module) => module.enLater),
  },
  reset: {
    nb: () => import('./reset/nb').then((module) => module.nbReset),
    nn: () => import('./reset/nn').then((module) => module.nnReset),
    en: () => import('./reset/en').then((module) => module.enReset),
  },
  passkeys: {
    nb: () => import('./passkeys/nb').then((module) => module.nbPasskeys),
    nn: () => import('./passkeys/nn').then((module) => module.nnPasskeys),
    en: () => import('./passkeys/en').then((module) => module.enPasskeys),
  },
  statement: {
    nb: () => import('./statement/nb').then((module) => module.nbStatement),
    nn: () => import('./statement/nn').then((module) => module.nnStatement),
    en: () => import('./statement/en').then((module) => module.enStatement),
  },
};

let inUse: { language: Language; table: Record<string, string>; parts: Partial<Record<LaterPart, Promise<void>>> } | undefined;

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

/**
 * The texts of the parts loaded later, added to the table loadTexts gave: those of later/, with any
 * part, and those of `part` (reset/, passkeys/, statement/) where named. Each module that shows one of
 * them awaits this at its top level, so it cannot render before they are there
 * (app/hydration.test.tsx fails for a first paint that shows one before). Without a loadTexts before
 * (tests, the prerender) the whole table is already in use: nothing to do.
 */
export function loadLaterTexts(part: LaterPart = 'later'): Promise<void> {
  const current = inUse;
  if (!current) return Promise.resolve();
  const load = (name: LaterPart) => {
    current.parts[name] ??= partTexts[name][current.language]().then(
      (texts) => {
        Object.assign(current.table, texts);
      },
      (error: unknown) => {
        // A failed fetch (offline a moment): the next part that needs them tries again.
        current.parts[name] = undefined;
        throw error;
      },
    );
    return current.parts[name];
  };
  return part === 'later' ? load('later') : Promise.all([load('later'), load(part)]).then(() => {});
}

/** Every text of a language at once: the prerender and tests that render any screen. */
export async function loadAllTexts(language: Language): Promise<Texts> {
  const parts = await Promise.all([pageTexts(language), ...Object.values(partTexts).map((part) => part[language]())]);
  return Object.assign({}, ...parts) as Texts;
}
