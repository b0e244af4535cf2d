import { MobileEidLogin } from './mobile-eid-login';

export { loader } from './mobile-eid-login';

export function Component() {
  return <MobileEidLogin keepIdportenSession />;
}
