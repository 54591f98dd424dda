import { CompleteSignupScreen } from '@web/features/auth/components/complete-signup-screen';

export function CompleteSignupRoute() {
  return <CompleteSignupScreen />;
}

export default CompleteSignupRoute;
