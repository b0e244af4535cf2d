/** App redirect (mobileRedirect/:redirectUrl, SPEC §5): follows the URL only when it is one of the apps. */
import { AppAddressPage, appAddressLoader, oncePerAddress } from '../features/mobile/mobile-flow';

export const loader = appAddressLoader(async (appUrl) => appUrl);

export const shouldRevalidate = oncePerAddress;

export function Component() {
  return <AppAddressPage title="mobile.redirect_title" message="mobile.returning" />;
}
