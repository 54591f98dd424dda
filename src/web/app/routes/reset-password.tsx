import { ResetPasswordScreen } from '@web/features/auth/components/reset-password-screen';

export function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}

export default ResetPasswordRoute;
