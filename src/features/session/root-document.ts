/**
 * The root document (GET /post/api) for this page load: fetched once, shared by loaders and actions.
 */
import { setSessionRenewer } from '../../api/client';
import { AppError } from '../../api/errors';
import { findLink } from '../../api/links';
import { fetchRoot, type RootDocument } from '../../api/root';
import { followableLocation } from '../../security/redirect-targets';
import { leaveFor } from './leave';

let current: Promise<RootDocument> | undefined;

/**
 * The root document. NOT_AUTHORIZED with a logout_idp link sends the browser there (the identity
 * provider's session must end first); every other failure is thrown to the route's error page.
 */
export function loadRootDocument(): Promise<RootDocument> {
  current ??= fetchRoot().catch((error: unknown) => {
    current = undefined;
    if (error instanceof AppError && error.apiError === 'NOT_AUTHORIZED') {
      const logoutIdp = findLink(error.link, 'logout_idp');
      const target = logoutIdp ? followableLocation(logoutIdp.uri, window.location.origin) : null;
      if (target !== null) return leaveFor(target);
    }
    throw error;
  });
  return current;
}

/** Forget the cached document (after the session changed). */
export function forgetRootDocument() {
  current = undefined;
}

/**
 * From here on an expired session or stale CSRF token is replaced by a fresh one (the root document
 * fetched again) before the call goes again (api/client.ts). Called once at start-up, before the
 * router is created (app/boot/run.tsx).
 */
export function installSessionRenewal() {
  setSessionRenewer(() => {
    forgetRootDocument();
    return loadRootDocument();
  });
}
