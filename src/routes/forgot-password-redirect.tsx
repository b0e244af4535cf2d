import { ForgotPasswordPage } from './forgot-password';

export { action, loader } from './forgot-password';

export function Component() {
  return <ForgotPasswordPage redirectMode />;
}
