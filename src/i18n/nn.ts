import { nnLater } from './later/nn';
import { nnMobile } from './mobile/nn';
import type { Texts } from './nb';
import { nnForgot } from './forgot/nn';
import { nnPage } from './page/nn';
import { nnPasskeys } from './passkeys/nn';
import { nnReset } from './reset/nn';
import { nnSignIn } from './sign-in/nn';
import { nnStatement } from './statement/nn';

/** Nynorsk, in the parts of nb.ts. */
export const nn = { ...nnPage, ...nnSignIn, ...nnForgot, ...nnMobile, ...nnLater, ...nnReset, ...nnPasskeys, ...nnStatement } satisfies Texts;
