/** Logout then redirect (mobileLogout/:redirectUrl): logs out, with the app as final destination. */
import { AppAddressPage, appAddressLoader, oncePerAddress } from '../features/mobile/mobile-flow';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';

export const loader = appAddressLoader(async (appUrl) => logout(await loadRootDocument(), appUrl));

// A logout is single-use: a revalidation must not log out again.
export const shouldRevalidate = oncePerAddress;

export function Component() {
  return <AppAddressPage title="mobile.logout_title" message="mobile.logging_out" help="mobile.open_app_help_logged_out" />;
}
