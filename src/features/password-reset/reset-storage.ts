/**
 * The reset wizard's state in sessionStorage for the life of a reset (decision 017), so that a reload
 * or a restored tab resumes where the person was: the phone and ID number, the reset's links, each
 * code once the backend took it (the last step sends both again, SPEC §3), the tries used, when the
 * reset started (the resend countdown) and the masked email. Never a password: the fields are picked
 * one by one, and the call under way (the only place a password lives) is not among them. Kept with
 * the pathname of the page that hosts the wizard, and resumed only there.
 */
import type { Link } from '../../api/errors';
import { resetCodeTries } from '../../contract/limits';
import { resetsLeftOf } from './reset-limits';
import { furthestStep, initialResetState, stepOrder, type ResetState, type ResetStep } from './reset-machine';

export const resetStorageKey = 'innlogging.password-reset';

export interface StoredReset {
  /** The host page's pathname: the reset resumes only on the page it was started on. */
  path: string;
  phoneNumber: string;
  nationalId: string;
  links: Link[];
  /** The codes the backend took; empty until then. */
  emailCode: string;
  smsCode: string;
  triesUsed: number;
  startedAt: number | null;
  maskedEmail: string | null;
  /** Absent in a reset stored before the backend said it (decision 026). */
  resetsLeft?: number | null;
}

/** What of `state` is kept; null when nothing is (no reset started, or the password saved). */
export function storedReset(state: ResetState, path: string): StoredReset | null {
  if (state.step === 'done' || (state.linksFor === null && state.startedAt === null)) return null;
  const open = state.linksFor !== null;
  return {
    path,
    // The answers of the reset that is open; after it ended, those typed (step 1 starts again with them).
    phoneNumber: state.linksFor?.phoneNumber ?? state.phoneNumber,
    nationalId: state.linksFor?.nationalId ?? state.nationalId,
    links: open ? state.links : [],
    emailCode: open && state.emailCodeAccepted ? state.emailCode : '',
    smsCode: open && state.smsCodeAccepted ? state.smsCode : '',
    // A code check under way has taken its try at the backend already: a reload before its answer
    // must not give it back (a wrong code would then say more tries left than there are).
    triesUsed: open ? Math.min(state.triesUsed + (state.call?.kind === 'checkCode' ? 1 : 0), resetCodeTries - 1) : 0,
    startedAt: state.startedAt,
    maskedEmail: open ? state.maskedEmail : null,
    resetsLeft: open ? state.resetsLeft : null,
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A link of this site's own API: a hand-edited one to another site would get the codes and the password. */
function isOwnUri(uri: string): boolean {
  try {
    return new URL(uri, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** A stored reset read back, or null for anything that is not one (another version, a hand-edited value). */
export function parseStoredReset(raw: string | null): StoredReset | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredReset> | null;
    if (!value || typeof value !== 'object') return null;
    const { path, phoneNumber, nationalId, links, emailCode, smsCode, triesUsed, startedAt, maskedEmail, resetsLeft } = value;
    if (![path, phoneNumber, nationalId, emailCode, smsCode].every(isString)) return null;
    if (!Array.isArray(links) || !links.every((link) => isString(link?.rel) && isString(link?.uri) && isOwnUri(link.uri))) return null;
    // Tries a reset can have used and still be open (a hand-edited -7 would say "10 tries left").
    if (!Number.isInteger(triesUsed) || (triesUsed as number) < 0 || (triesUsed as number) >= resetCodeTries) return null;
    if (startedAt !== null && typeof startedAt !== 'number') return null;
    if (maskedEmail !== null && !isString(maskedEmail)) return null;
    if (resetsLeft !== undefined && resetsLeft !== null && resetsLeftOf(resetsLeft) === null) return null;
    return value as StoredReset;
  } catch {
    return null;
  }
}

/**
 * The wizard's state from a stored reset, at `wanted` (the step in the URL) when the reset allows it,
 * otherwise at the furthest step it allows.
 */
export function resumedState(stored: StoredReset, wanted: ResetStep | null): ResetState {
  const open = stored.links.length > 0;
  const state: ResetState = {
    ...initialResetState,
    phoneNumber: stored.phoneNumber,
    nationalId: stored.nationalId,
    links: stored.links,
    linksFor: open ? { phoneNumber: stored.phoneNumber, nationalId: stored.nationalId } : null,
    emailCode: stored.emailCode,
    smsCode: stored.smsCode,
    emailCodeAccepted: open && stored.emailCode !== '',
    smsCodeAccepted: open && stored.emailCode !== '' && stored.smsCode !== '',
    triesUsed: stored.triesUsed,
    startedAt: stored.startedAt,
    maskedEmail: stored.maskedEmail,
    resetsLeft: stored.resetsLeft ?? null,
  };
  const furthest = furthestStep(state);
  const step = wanted !== null && wanted !== 'done' && stepOrder.indexOf(wanted) <= stepOrder.indexOf(furthest) ? wanted : furthest;
  return { ...state, step };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored reset of the page at `path`, if any. */
export function readStoredReset(path: string): StoredReset | null {
  const stored = parseStoredReset(storage()?.getItem(resetStorageKey) ?? null);
  return stored?.path === path ? stored : null;
}

/** Keeps `stored`, or forgets the reset (null). A full or refused storage only loses the resume. */
export function writeStoredReset(stored: StoredReset | null): void {
  try {
    if (stored === null) storage()?.removeItem(resetStorageKey);
    else storage()?.setItem(resetStorageKey, JSON.stringify(stored));
  } catch {
    // Private mode or a full storage: the wizard works on, only a reload starts over.
  }
}
