import { Link } from 'react-router-dom';
import { AiFeedbackProcessor } from '@web/features/ai/components/ai-feedback-processor';
import { PageFrame } from '@web/components/layouts/page-frame';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { buttonClass } from '@web/components/ui/button';
import { paths } from '@web/config/paths';

export default function TestAiFeedbackRoute() {
  return (
    <>
      <PageFrame title="AI Feedback Processor">
        <p className="mt-2 max-w-2xl text-ink-muted">
          Turn a raw piece of feedback into structured, prioritised feedback.
        </p>
        <Link
          to={paths.home}
          className={buttonClass('secondary', 'sm', 'mt-5')}
        >
          <span aria-hidden="true">←</span> Back
        </Link>
        <AiFeedbackProcessor />
      </PageFrame>
      <SiteFooter />
    </>
  );
}
