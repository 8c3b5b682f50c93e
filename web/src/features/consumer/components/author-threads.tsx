import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import type { ThreadMessage } from '@shared/data/conversation';
import { authorThreadTitle } from '@shared/domain/conversation';
import {
  useAuthorReply,
  useMarkThreadRead,
} from '@web/api/feedback/use-my-threads';
import {
  ThreadComposer,
  ThreadMessages,
} from '@web/components/thread/thread-view';

function AuthorThread({
  userId,
  feedbackId,
  companyId,
  messages,
}: {
  userId: string;
  feedbackId: string;
  companyId: string;
  messages: ThreadMessage[];
}) {
  const reply = useAuthorReply(userId);
  const markRead = useMarkThreadRead(userId);
  const companyName = messages[0]!.company_name;
  const unread = messages.some((m) => !m.from_author && !m.read_at);
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate({ feedbackId, companyId });
  }, [unread, feedbackId, companyId, mutate]);
  return (
    <section
      className="rounded-xl border border-line p-3"
      aria-label={authorThreadTitle(companyName)}
      data-testid="author-thread"
    >
      <h4 className="text-sm font-semibold">
        💬 {authorThreadTitle(companyName)}
      </h4>
      <p className="mt-0.5 text-xs text-ink-muted">
        You stay anonymous: {companyName} never sees your name or e-mail.
      </p>
      <div className="mt-3 flex flex-col gap-3">
        <ThreadMessages
          messages={messages}
          mine="author"
          theirName={(m) => m.company_name}
        />
        <ThreadComposer
          label={`Answer to ${companyName}`}
          placeholder="Write your answer…"
          sending={reply.isPending}
          onSend={(body, done) =>
            reply.mutate(
              { feedbackId, companyId, body },
              {
                onSuccess: (m) => {
                  done();
                  toast.success(
                    m.points_awarded > 0
                      ? `Answer sent · +${m.points_awarded} XP`
                      : 'Answer sent',
                  );
                },
                onError: (err) =>
                  toast.error('Answer not sent', { description: err.message }),
              },
            )
          }
        />
      </div>
    </section>
  );
}

/** The companies' threads about one feedback of the author (#21). */
export function AuthorThreads({
  userId,
  feedbackId,
  messages,
}: {
  userId: string;
  feedbackId: string;
  messages: ThreadMessage[];
}) {
  const byCompany = new Map<string, ThreadMessage[]>();
  for (const m of messages) {
    byCompany.set(m.company_id, [...(byCompany.get(m.company_id) ?? []), m]);
  }
  return (
    <div className="flex flex-col gap-3">
      {[...byCompany].map(([companyId, list]) => (
        <AuthorThread
          key={companyId}
          userId={userId}
          feedbackId={feedbackId}
          companyId={companyId}
          messages={list}
        />
      ))}
    </div>
  );
}
