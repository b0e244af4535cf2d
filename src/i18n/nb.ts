import { nbLater } from './later/nb';
import { nbPage } from './page/nb';

/**
 * Bokmål: the source of truth for which texts exist. nn.ts and en.ts satisfy its type. In two parts
 * (page/, later/): the browser loads a page's texts with the page and the rest with the lazily
 * loaded parts that use them (texts.ts); tests, the server and the prerender use the whole table.
 */
export const nb = { ...nbPage, ...nbLater } as const;

export type TextKey = keyof typeof nb;
export type Texts = Record<TextKey, string>;
export type PageTexts = Record<keyof typeof nbPage, string>;
export type LaterTexts = Record<keyof typeof nbLater, string>;
