import { enLater } from './later/en';
import type { Texts } from './nb';
import { enPage } from './page/en';

/** English, in the two parts of nb.ts. */
export const en = { ...enPage, ...enLater } satisfies Texts;
