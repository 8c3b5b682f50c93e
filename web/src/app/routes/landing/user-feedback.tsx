import { PageFrame } from '@web/components/layouts/page-frame';

export default function UserFeedbackRoute() {
  return <PageFrame title="Share Feedback" />;
}
