import { nbLater } from './later/nb';
import { nbPage } from './page/nb';
import { nbPasskeys } from './passkeys/nb';
import { nbReset } from './reset/nb';
import { nbStatement } from './statement/nb';

/**
 * Bokmål: the source of truth for which texts exist. nn.ts and en.ts satisfy its type. In parts: the
 * browser loads a page's texts (page/) with the page, and the rest with the lazily loaded parts that use
 * them (texts.ts): later/ with any of them, reset/, passkeys/ and statement/ with those parts only
 * (issue #52: no screen fetches the texts of a part it does not show). Tests, the server and the
 * prerender use the whole table.
 */
export const nb = { ...nbPage, ...nbLater, ...nbReset, ...nbPasskeys, ...nbStatement } as const;

export type TextKey = keyof typeof nb;
export type Texts = Record<TextKey, string>;
export type PageTexts = Record<keyof typeof nbPage, string>;
export type LaterTexts = Record<keyof typeof nbLater, string>;
export type ResetTexts = Record<keyof typeof nbReset, string>;
export type PasskeysTexts = Record<keyof typeof nbPasskeys, string>;
export type StatementTexts = Record<keyof typeof nbStatement, string>;

/** A part's own texts, fetched with it alone (texts.ts, loadLaterTexts; each part's part.ts). */
export interface TextPart {
  name: 'reset' | 'passkeys' | 'statement';
  load: (language: import('../contract/languages').Language) => Promise<Record<string, string>>;
}
