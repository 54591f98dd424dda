import { ForgotPasswordScreen } from '@web/features/auth/components/forgot-password-screen';

export function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}

export default ForgotPasswordRoute;
