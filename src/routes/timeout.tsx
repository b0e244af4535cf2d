import { LoggedOutPage } from './logged-out';

export function Component() {
  return <LoggedOutPage variant="timeout" />;
}
