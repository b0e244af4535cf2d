import { LoggedOutPage, loggedOutLoader, loggedOutShouldRevalidate } from '../features/session/logged-out';

export const loader = loggedOutLoader;
export const shouldRevalidate = loggedOutShouldRevalidate;

export function Component() {
  return <LoggedOutPage variant="timeout" />;
}
