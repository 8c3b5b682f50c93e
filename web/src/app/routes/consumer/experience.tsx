import { PageFrame } from '@web/components/layouts/page-frame';

export default function ExperienceRoute() {
  return <PageFrame title="My Experience" />;
}
