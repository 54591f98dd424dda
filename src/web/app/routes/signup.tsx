import { SignupScreen } from '@web/features/auth/components/signup-screen';

export function SignupRoute() {
  return <SignupScreen />;
}

export default SignupRoute;
