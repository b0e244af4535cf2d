import { LoggedOutPage } from '../features/session/logged-out';

export function Component() {
  return <LoggedOutPage variant="logout" />;
}
