import { Link } from 'react-router-dom';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { SubmitFeedbackForm } from '@web/features/consumer/submit/submit-feedback-form';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /submit-feedback (consumer spec §2 Submit feedback). */
export default function SubmitFeedbackRoute() {
  const user = useSignedInUser();
  return (
    <AppShell title="Share Feedback" width="max-w-3xl">
      <Link
        to={paths.dashboard}
        className="rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        ← Back to dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        Share Feedback
      </h1>
      <p className="mt-1 text-ink-muted">
        Tell a company what works and what doesn't. They'll never know it was
        you.
      </p>
      <Card className="mt-6">
        <SubmitFeedbackForm userId={user.id} />
      </Card>
    </AppShell>
  );
}
