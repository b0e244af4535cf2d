import { enLater } from './later/en';
import { enMobile } from './mobile/en';
import type { Texts } from './nb';
import { enForgot } from './forgot/en';
import { enPage } from './page/en';
import { enPasskeys } from './passkeys/en';
import { enReset } from './reset/en';
import { enSignIn } from './sign-in/en';
import { enStatement } from './statement/en';

/** English, in the parts of nb.ts. */
export const en = { ...enPage, ...enSignIn, ...enForgot, ...enMobile, ...enLater, ...enReset, ...enPasskeys, ...enStatement } satisfies Texts;
