import { PageFrame } from '@web/components/layouts/page-frame';

export default function ProfileSettingsRoute() {
  return <PageFrame title="Profile Settings" />;
}
