import { PageFrame } from '@web/components/layouts/page-frame';

export default function TestAiFeedbackRoute() {
  return <PageFrame title="AI Feedback Processor" />;
}
