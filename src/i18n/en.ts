import { enLater } from './later/en';
import type { Texts } from './nb';
import { enPage } from './page/en';
import { enPasskeys } from './passkeys/en';
import { enReset } from './reset/en';
import { enStatement } from './statement/en';

/** English, in the parts of nb.ts. */
export const en = { ...enPage, ...enLater, ...enReset, ...enPasskeys, ...enStatement } satisfies Texts;
