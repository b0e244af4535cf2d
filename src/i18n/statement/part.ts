import type { TextPart } from '../nb';

/** The accessibility statement's texts (./nb.ts), fetched with it alone: only it imports this. */
export const statementTexts: TextPart = {
  name: 'statement',
  load: (language) =>
    language === 'nn'
      ? import('./nn').then((module) => module.nnStatement)
      : language === 'en'
        ? import('./en').then((module) => module.enStatement)
        : import('./nb').then((module) => module.nbStatement),
};
