import { MobileSuccess } from './mobile-success';

export { loader } from './mobile-success';

export function Component() {
  return <MobileSuccess logOutOfIdentityProvider />;
}
