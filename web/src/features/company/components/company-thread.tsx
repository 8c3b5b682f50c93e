import { toast } from '@web/lib/toast';
import {
  COMPANY_THREAD_HINT,
  COMPANY_THREAD_TITLE,
} from '@shared/domain/conversation';
import { isViewLimitReached, viewLimitMessage } from '@shared/domain/plans';
import {
  useCompanyThread,
  usePostCompanyMessage,
} from '@web/api/companies/use-workspace';
import {
  ThreadComposer,
  ThreadMessages,
} from '@web/components/thread/thread-view';

/** The detail's conversation with the anonymous author (#21). */
export function CompanyThread({ feedbackId }: { feedbackId: string }) {
  const thread = useCompanyThread(feedbackId);
  const post = usePostCompanyMessage(feedbackId);
  const messages = thread.data ?? [];
  return (
    <section aria-labelledby={`thread-${feedbackId}`}>
      <h3 id={`thread-${feedbackId}`} className="text-sm font-semibold">
        {COMPANY_THREAD_TITLE}
      </h3>
      <p className="mt-1 text-xs text-ink-muted">{COMPANY_THREAD_HINT}</p>
      <div className="mt-3 flex flex-col gap-3">
        {thread.isError ? (
          <p className="text-sm text-red-700">
            The conversation could not be loaded.
          </p>
        ) : messages.length > 0 ? (
          <ThreadMessages
            messages={messages}
            mine="company"
            theirName={() => 'Author'}
          />
        ) : (
          <p className="text-sm text-ink-muted">
            No messages yet. Ask the author a question; answering earns them XP.
          </p>
        )}
        <ThreadComposer
          label="Message to the author"
          placeholder="Ask the author a question…"
          sending={post.isPending}
          onSend={(body, done) =>
            post.mutate(body, {
              onSuccess: () => {
                done();
                toast.success('Message sent to the author');
              },
              onError: (err) => {
                const limit = isViewLimitReached(err)
                  ? viewLimitMessage('free')
                  : null;
                toast.error(limit?.title ?? 'Message not sent', {
                  description: limit?.description ?? err.message,
                });
              },
            })
          }
        />
      </div>
    </section>
  );
}
