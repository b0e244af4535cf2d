import type { TextPart } from '../nb';

/** The passkey pages' texts (./nb.ts), fetched with it alone: only it imports this. */
export const passkeysTexts: TextPart = {
  name: 'passkeys',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnPasskeys)
      : language === 'en'
        ? import('./en').then((module) => module.enPasskeys)
        : import('./nb').then((module) => module.nbPasskeys),
};
