import { nbLater } from './later/nb';
import { nbMobile } from './mobile/nb';
import { nbForgot } from './forgot/nb';
import { nbPage } from './page/nb';
import { nbPasskeys } from './passkeys/nb';
import { nbReset } from './reset/nb';
import { nbSignIn } from './sign-in/nb';
import { nbStatement } from './statement/nb';

/**
 * Bokmål: the source of truth for which texts exist. nn.ts and en.ts satisfy its type. In parts: the
 * browser loads the texts every page needs (page/) with the page, the sign-in and forgotten-password
 * screens' and the app's pages that move on (sign-in/, forgot/, mobile/) with those screens (screens/route-texts.ts), and the rest with the lazily
 * loaded parts that use them (texts.ts): later/ (and sign-in/) with any of them, reset/, passkeys/ and
 * statement/ with those parts only (issue #52: no screen fetches the texts of a part it does not show).
 * Tests, the server and the prerender use the whole table.
 */
export const nb = { ...nbPage, ...nbSignIn, ...nbForgot, ...nbMobile, ...nbLater, ...nbReset, ...nbPasskeys, ...nbStatement } as const;

export type TextKey = keyof typeof nb;
export type Texts = Record<TextKey, string>;
export type PageTexts = Record<keyof typeof nbPage, string>;
export type SignInTexts = Record<keyof typeof nbSignIn, string>;
export type ForgotTexts = Record<keyof typeof nbForgot, string>;
export type MobileTexts = Record<keyof typeof nbMobile, string>;
export type LaterTexts = Record<keyof typeof nbLater, string>;
export type ResetTexts = Record<keyof typeof nbReset, string>;
export type PasskeysTexts = Record<keyof typeof nbPasskeys, string>;
export type StatementTexts = Record<keyof typeof nbStatement, string>;

/** A part's own texts, fetched with it alone (texts.ts, loadLaterTexts; each part's part.ts). */
export interface TextPart {
  name: 'sign-in' | 'forgot' | 'mobile' | 'later' | 'reset' | 'passkeys' | 'statement';
  load: (language: import('../contract/languages').Language) => Promise<Record<string, string>>;
}
