import { LoginScreen } from '@web/features/auth/components/login-screen';

export function LoginRoute() {
  return <LoginScreen />;
}

export default LoginRoute;
