/** The ways out of the app to another document (a login, a logout, the mailbox, the app). */
import { redirectDocument } from 'react-router';
import { analyticsHandedOver } from '../analytics';

/**
 * A loader's or action's way out: React Router's document redirect, to an address made absolute
 * against this page. React Router reads a Location that starts with `/` as a path inside the app and
 * puts the base path in front (`/post/privat/` would become `/innlogging/post/privat/`).
 * Like every way out, it first hands what the page tracked to analytics (a short, bounded wait).
 */
export async function redirectOut(location: string): Promise<Response> {
  await analyticsHandedOver();
  return redirectDocument(new URL(location, window.location.href).href);
}

/**
 * Replaces this page with another document and never settles. Loaders and actions leave with
 * `redirectOut()`; this is for the hops a router redirect cannot make:
 * - a first load's document redirect always pushes (react-router reads `replace` only from a
 *   navigation's options), and a signed-in person sent on from a login page must not meet it again
 *   on Back (it would send them on again: a Back trap);
 * - the identity provider's logout of root-document.ts, met inside any call (loaders, actions, a
 *   mobile page's deferred flow, the session renewal), where a thrown Response would not reach the router;
 * - a mobile page's flow, which answers after its loader has returned (mobile-flow.tsx);
 * - a choice made in a dialog, outside any loader (the wrong-role dialog's log out or go on).
 */
export function leaveFor(url: string, { replace = false }: { replace?: boolean } = {}): Promise<never> {
  void analyticsHandedOver().then(() => (replace ? window.location.replace(url) : window.location.assign(url)));
  return new Promise<never>(() => {});
}
