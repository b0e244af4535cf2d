import type { TextPart } from '../nb';

/** The forgotten-password screens' texts (./nb.ts), with their first load (screens/route-texts.ts). */
export const forgotTexts: TextPart = {
  name: 'forgot',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnForgot)
      : language === 'en'
        ? import('./en').then((module) => module.enForgot)
        : import('./nb').then((module) => module.nbForgot),
};
