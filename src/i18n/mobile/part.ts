import type { TextPart } from '../nb';

/** Texts of the app's pages that move on by themselves (./nb.ts), with their first load (screens/route-texts.ts). */
export const mobileTexts: TextPart = {
  name: 'mobile',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnMobile)
      : language === 'en'
        ? import('./en').then((module) => module.enMobile)
        : import('./nb').then((module) => module.nbMobile),
};
