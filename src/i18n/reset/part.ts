import type { TextPart } from '../nb';

/** The reset wizard's texts (./nb.ts), fetched with it alone: only it imports this. */
export const resetTexts: TextPart = {
  name: 'reset',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnReset)
      : language === 'en'
        ? import('./en').then((module) => module.enReset)
        : import('./nb').then((module) => module.nbReset),
};
