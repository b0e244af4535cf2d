/**
 * The reset in sessionStorage for its life (decision 017): what the host route's loader reads with
 * the URL's step, and its action writes after each call. A reload or a restored tab resumes where the
 * person was: the phone and ID number, the reset's links, each code once the backend took it (the last
 * step sends both again, SPEC §3), the tries used, when the reset started (the resend countdown), the
 * masked email, and how step 5's sign-in went. Never a password: the record is written field by
 * field, and a password lives only in the form the action reads. Kept with the host page's path and
 * resumed only there.
 */
import type { Link } from '../../contract/answers';
import { resetCodeTries } from '../../contract/limits';
import { resetsLeftOf } from './reset-limits';
import { type ResetStep, stepOrder } from './reset-journey';

export const resetStorageKey = 'innlogging.password-reset';

/** Why the backend ended the reset: the last try used up, or the codes no longer valid (expired, or a newer reset). */
export type ResetEnd = 'tooMany' | 'expired';

/** How far a throttled sign-in asks the person to wait (src/errors/wait.ts's shape). */
interface KeptWait {
  count: number;
  unit: 'minutes' | 'hours';
}

/** Step 5's sign-in: done (the page is on its way out), or refused. */
export type SignInState = { status: 'signingIn' } | { status: 'failed' } | { status: 'throttled'; wait?: KeptWait };

export interface StoredReset {
  /** The host page's path: the reset resumes only on the page it was started on. */
  path: string;
  phoneNumber: string;
  nationalId: string;
  /** The open reset's links (from its start); none when no reset is open. */
  links: Link[];
  /** The codes the backend took; empty until then. */
  emailCode: string;
  smsCode: string;
  /** Wrong codes on this reset, both steps together (a check under way counted: the backend took its try). */
  triesUsed: number;
  /** When the last reset started (epoch ms, as the browser saw its answer): the resend's countdown. */
  startedAt: number | null;
  maskedEmail: string | null;
  /** Resets the person may still start in the backend's window (decision 026); null when it did not say. */
  resetsLeft: number | null;
  /** The backend ended the reset at this step: that step shows why, and the ways on. */
  ended: { why: ResetEnd; at: ResetStep } | null;
  /** New codes were sent at the person's asking: said on the email-code step until the next submit. */
  resent: boolean;
  /** The password is saved: how the sign-in with it went (nothing else of the reset is kept then). */
  signIn: SignInState | null;
}

/** What the host route's loader gives the wizard: the step the URL names (and the reset allows), and the reset as kept. */
export interface ResetScreen extends Omit<StoredReset, 'path' | 'links'> {
  step: ResetStep;
  /** A reset is open (its start answered, not ended): the codes sent can be checked. */
  open: boolean;
}

/** A record with nothing in it but the page and what `fields` say. */
export function newStoredReset(path: string, fields: Partial<StoredReset> = {}): StoredReset {
  return {
    path,
    phoneNumber: '',
    nationalId: '',
    links: [],
    emailCode: '',
    smsCode: '',
    triesUsed: 0,
    startedAt: null,
    maskedEmail: null,
    resetsLeft: null,
    ended: null,
    resent: false,
    signIn: null,
    ...fields,
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStep = (value: unknown): value is ResetStep => stepOrder.includes(value as ResetStep);

/** A link of this site's own API: a hand-edited one to another site would get the codes and the password. */
function isOwnUri(uri: string): boolean {
  try {
    return new URL(uri, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

function isSignIn(value: unknown): value is SignInState {
  const signIn = value as { status?: unknown; wait?: { count?: unknown; unit?: unknown } } | null;
  if (!signIn || typeof signIn !== 'object') return false;
  if (signIn.status === 'signingIn' || signIn.status === 'failed') return true;
  if (signIn.status !== 'throttled') return false;
  const wait = signIn.wait;
  // A wait the backend could have named: at most the untrusted counter's 30-day window, and a day.
  const most = wait?.unit === 'minutes' ? 24 * 60 : 31 * 24;
  return (
    wait === undefined ||
    (Number.isInteger(wait.count) && (wait.count as number) > 0 && (wait.count as number) <= most && (wait.unit === 'minutes' || wait.unit === 'hours'))
  );
}

/** A stored reset read back, or null for anything that is not one (another version, a hand-edited value). */
export function parseStoredReset(raw: string | null): StoredReset | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredReset> | null;
    if (!value || typeof value !== 'object') return null;
    const { path, phoneNumber, nationalId, links, emailCode, smsCode, triesUsed, startedAt, maskedEmail, resetsLeft, ended, resent, signIn } = value;
    if (![path, phoneNumber, nationalId, emailCode, smsCode].every(isString)) return null;
    if (!Array.isArray(links) || !links.every((link) => isString(link?.rel) && isString(link?.uri) && isOwnUri(link.uri))) return null;
    // Tries a reset can have used and still be open (a hand-edited -7 would say "10 tries left").
    if (!Number.isInteger(triesUsed) || (triesUsed as number) < 0 || (triesUsed as number) >= resetCodeTries) return null;
    if (startedAt !== null && typeof startedAt !== 'number') return null;
    if (maskedEmail !== null && !isString(maskedEmail)) return null;
    if (resetsLeft !== null && resetsLeftOf(resetsLeft) === null) return null;
    if (ended !== null && !(ended && (ended.why === 'tooMany' || ended.why === 'expired') && isStep(ended.at))) return null;
    if (typeof resent !== 'boolean') return null;
    if (signIn !== null && !isSignIn(signIn)) return null;
    return value as StoredReset;
  } catch {
    return null;
  }
}

/** The record as written, for a browser whose storage refuses it (private mode, full): kept for this page's life. */
let inMemory: string | null = null;
let storageRefused = false;

function storage(): Storage | null {
  try {
    return storageRefused ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  const kept = storage();
  if (!kept) return inMemory;
  try {
    return kept.getItem(resetStorageKey);
  } catch {
    return inMemory;
  }
}

/** The stored reset of the page at `path`, if any (none in the prerender, which has no window). */
export function readStoredReset(path: string): StoredReset | null {
  if (typeof window === 'undefined') return null;
  const stored = parseStoredReset(readRaw());
  return stored?.path === path ? stored : null;
}

/** The notice of new codes has been said: the kept reset, whatever its page, without it. */
export function forgetResent(): void {
  const stored = parseStoredReset(readRaw());
  if (stored?.resent) writeStoredReset({ ...stored, resent: false });
}

/**
 * Keeps `stored`, or forgets the reset (null). Where storage refuses it, the record lives in the page
 * instead: the wizard works on, only a reload starts over.
 */
export function writeStoredReset(stored: StoredReset | null): void {
  inMemory = stored === null ? null : JSON.stringify(stored);
  try {
    if (inMemory === null) storage()?.removeItem(resetStorageKey);
    else storage()?.setItem(resetStorageKey, inMemory);
  } catch {
    storageRefused = true;
  }
}
