import { PageFrame } from '@web/components/layouts/page-frame';

export default function HomeRoute() {
  return <PageFrame title="Home" />;
}
