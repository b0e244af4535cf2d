import { LoginErrorPage } from '../features/login/login-error-page';

export function Component() {
  return <LoginErrorPage variant="loginError" />;
}
