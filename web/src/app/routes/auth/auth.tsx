import { PageFrame } from '@web/components/layouts/page-frame';

export default function AuthRoute() {
  return <PageFrame title="Sign In / Sign Up" />;
}
