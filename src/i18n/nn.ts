import { nnLater } from './later/nn';
import type { Texts } from './nb';
import { nnPage } from './page/nn';
import { nnPasskeys } from './passkeys/nn';
import { nnReset } from './reset/nn';
import { nnStatement } from './statement/nn';

/** Nynorsk, in the parts of nb.ts. */
export const nn = { ...nnPage, ...nnLater, ...nnReset, ...nnPasskeys, ...nnStatement } satisfies Texts;
