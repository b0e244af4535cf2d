import type { TextPart } from '../nb';

/**
 * The sign-in screens' texts (./nb.ts): with the first load of the screens that show them (the router
 * loads a route's parts with it, the server names them in its preload hints: screens/route-texts.ts),
 * and with any part loaded later (../texts.ts).
 */
export const signInTexts: TextPart = {
  name: 'sign-in',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnSignIn)
      : language === 'en'
        ? import('./en').then((module) => module.enSignIn)
        : import('./nb').then((module) => module.nbSignIn),
};
