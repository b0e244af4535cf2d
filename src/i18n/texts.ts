import type { Language } from '../contract/languages';
import type { Texts } from './nb';

/** Loads only the texts of the language in use, so a page never ships all three. */
export async function loadTexts(language: Language): Promise<Texts> {
  switch (language) {
    case 'nn':
      return (await import('./nn')).nn;
    case 'en':
      return (await import('./en')).en;
    default:
      return (await import('./nb')).nb;
  }
}
