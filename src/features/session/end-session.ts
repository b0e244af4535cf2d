/**
 * The logged-out and timeout pages say "you are logged out" only once it is true
 * (docs/decisions/013): a session still signed in when the page opens is ended first, through the
 * logout call for its role (logout.ts, as the wrong-role dialog does), with this page as the final
 * destination; the page then opens again, signed out.
 */
import { logout } from './logout';
import { loadRootDocument } from './root-document';

export type SessionEnd =
  /** Nobody is signed in (any more): the page may say so. */
  | { kind: 'signed-out' }
  /** The session was ended; the browser goes where the logout answered (the identity provider's logout, then back here). */
  | { kind: 'leave'; to: string }
  /** Whether the person is signed out is not known, or they are not: the page must not say they are. */
  | { kind: 'failed'; error: unknown };

/** Marks a logout this page started, so that a session that outlives it is an error, not a loop. */
const attemptKey = 'innlogging.logout-attempt';
const attemptMemoryMs = 60_000;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function lastAttempt(): { path: string; at: number } | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(attemptKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { path, at } = value as Record<string, unknown>;
    return typeof path === 'string' && typeof at === 'number' ? { path, at } : null;
  } catch {
    return null;
  }
}

function remember(attempt: { path: string; at: number } | null) {
  try {
    if (attempt) storage()?.setItem(attemptKey, JSON.stringify(attempt));
    else storage()?.removeItem(attemptKey);
  } catch {
    // Storage may be blocked or full: the guard is then off, nothing else changes.
  }
}

/**
 * Resolves once the page is really opened: a page the browser prerenders on a guess (Chrome does so
 * for an address it expects to be typed in the address bar, and logout/ is in every user's history)
 * runs its scripts, and must not log anyone out before, or without, the person going there.
 */
function opened(): Promise<void> {
  if (typeof document === 'undefined' || !(document as Document & { prerendering?: boolean }).prerendering) return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('prerenderingchange', () => resolve(), { once: true }));
}

/**
 * The longest the page says "logging out" while the backend does not answer (the API calls have no
 * time limit of their own): then it is the error screen with its retry, not a spinner for ever.
 */
export const endSessionTimeoutMs = 30_000;

/**
 * Ends the session if one is signed in. `here` is this page (path and query): the logout's final
 * destination. Never rejects: a failure (or no answer within endSessionTimeoutMs) is an outcome the page shows.
 */
export async function endSession(here: string, now: () => number = Date.now): Promise<SessionEnd> {
  await opened();
  return new Promise<SessionEnd>((resolve) => {
    const timer = setTimeout(
      () => resolve({ kind: 'failed', error: new Error(`No answer in ${endSessionTimeoutMs} ms while ending the session from ${here}`) }),
      endSessionTimeoutMs,
    );
    void attemptEnd(here, now).then((outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    });
  });
}

async function attemptEnd(here: string, now: () => number): Promise<SessionEnd> {
  try {
    const root = await loadRootDocument();
    if (!root.role) {
      remember(null);
      return { kind: 'signed-out' };
    }
    const attempt = lastAttempt();
    if (attempt && attempt.path === here && now() - attempt.at < attemptMemoryMs) {
      remember(null);
      throw new Error(`Still signed in as ${root.role} after a logout from ${here}`);
    }
    const to = await logout(root, here);
    remember({ path: here, at: now() });
    return { kind: 'leave', to };
  } catch (error) {
    return { kind: 'failed', error };
  }
}
