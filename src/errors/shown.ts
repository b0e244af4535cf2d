/**
 * The error catalogue (issue #35): what a person is shown for every error code of the contract
 * (src/contract/api.ts) and every `kode=` of an error return, for each place it can appear. One file per
 * place, so a screen's first load carries only its own part:
 *
 * | place | file | looked up by |
 * |---|---|---|
 * | the password form (private login, the app's) | `password-login.ts` | features/login/password-login-action.ts, password-login-form.tsx |
 * | the reset wizard | `reset.ts` | features/password-reset (lazy) |
 * | a new password's rules, at its field | `password-rules.ts` | the wizard, the strength meter (lazy) |
 * | an identity provider's error return (`kode=`) | `login-return.ts` | features/login/login-error-page.tsx |
 * | a route's error page | `page.ts` | app/error-page.tsx |
 * | a passkey sign-in, the passkeys page's changes, a "this was not me" link | `passkey.ts` | features/passkeys, routes/passkeys.tsx, routes/passkey-not-me.tsx (lazy) |
 * | a form's fields, before any call | `fields.ts` | the password form, the reset wizard's checks |
 * | a throttled answer's wait | `wait.ts` | every place that names one |
 *
 * It holds text keys, never texts (the texts are in src/i18n, split into the first load's and the later
 * part). Each table is exhaustive by type over the causes its place can meet (the codes a place answers
 * with are named as a type beside its table, as passkey.ts does): a new code that a place can receive
 * does not compile until it has an entry there; a code the place does not know gets the place's general
 * entry (SPEC §8's "any other failure").
 *
 * What is not here: decisions about what happens rather than what is shown. The API client renews a
 * refused CSRF token and retries (api/client.ts); the root document follows logout_idp on NOT_AUTHORIZED
 * (features/session/root-document.ts); the wizard counts a wrong code's try and ends an ended reset.
 */
import type { TextKey } from '../i18n/nb';

/** What a person is shown for one cause, at one place. */
export interface Shown {
  /** The message's heading (a warning's title, an error page's lead when no heading of its own). */
  title: TextKey;
  /** The message; with `namesWait`, it uses #{when} ("om 4 minutter", "senere" when no wait is known). */
  text: TextKey;
  /** Offer eID right in the message: the way in that no password or code limit stops. Absent: no. */
  offerEid?: true;
  /** The text names the wait of the answer's Retry-After (decision 009). Absent: it names none. */
  namesWait?: true;
}
