import { PageFrame } from '@web/components/layouts/page-frame';

export default function SubmitFeedbackRoute() {
  return <PageFrame title="Submit Feedback" />;
}
