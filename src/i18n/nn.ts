import { nnLater } from './later/nn';
import type { Texts } from './nb';
import { nnPage } from './page/nn';

/** Nynorsk, in the two parts of nb.ts. */
export const nn = { ...nnPage, ...nnLater } satisfies Texts;
