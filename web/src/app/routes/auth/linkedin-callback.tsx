import { PageFrame } from '@web/components/layouts/page-frame';

export default function LinkedinCallbackRoute() {
  return <PageFrame title="LinkedIn Verification" />;
}
