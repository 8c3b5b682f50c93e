import { useMyFeedback } from '@web/api/feedback/get-my-feedback';
import { useFeedbackRealtime } from '@web/api/feedback/use-feedback-realtime';
import { useMyThreads } from '@web/api/feedback/use-my-threads';
import { ActivityPanel } from '@web/features/consumer/components/activity-panel';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { FeedbackList } from '@web/features/consumer/components/feedback-list';
import { StatsCards } from '@web/features/consumer/components/stats-cards';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /app: the consumer's activity (consumer spec §2 Dashboard). */
export default function DashboardRoute() {
  const user = useSignedInUser();
  const feedback = useMyFeedback(user.id);
  const threads = useMyThreads(user.id);
  useFeedbackRealtime(user.id);
  return (
    <AppShell title="My Activity">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        My Activity
      </h1>
      <div className="mt-6">
        <StatsCards userId={user.id} feedbackCount={feedback.data?.length} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="my-feedback">
          <h2 id="my-feedback" className="mb-3 text-lg font-semibold">
            My Feedback
          </h2>
          <FeedbackList
            items={feedback.data}
            isPending={feedback.isPending}
            userId={user.id}
            messages={threads.data}
          />
        </section>
        <aside>
          <ActivityPanel userId={user.id} />
        </aside>
      </div>
    </AppShell>
  );
}
