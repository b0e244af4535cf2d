import { LoginErrorPage } from './login-error-page';

export function Component() {
  return <LoginErrorPage variant="loginFailed" />;
}
