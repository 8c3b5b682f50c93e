import { AuthScreen } from '@web/features/auth/components/auth-screen';

export default function AuthRoute() {
  return <AuthScreen />;
}
