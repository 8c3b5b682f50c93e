import { ownerJoinedNotice } from '@shared/domain/claims';
import { companyMessageNotice } from '@shared/domain/conversation';
import { topicCompletedNotice } from '@shared/domain/public-page';
import { timeAgo } from '@shared/domain/relative-date';
import { statusInfo } from '@shared/domain/statuses';
import { useNotifications } from '@web/api/feedback/get-notifications';
import { Card } from '@web/components/ui/card';

/** Status changes companies made to the user's feedback, live. */
export function ActivityPanel({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const items = notifications.data ?? [];
  return (
    <Card>
      <h2 className="font-semibold">Recent activity</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          When a company reads or acts on your feedback, you'll see it here.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" data-testid="activity">
          {items.map((n) => (
            <li key={n.id} className="text-sm">
              {n.kind === 'topic_completed' ? (
                <p
                  data-testid="topic-completed"
                  className={n.read_at ? '' : 'font-semibold'}
                >
                  {!n.read_at && (
                    <span
                      aria-label="Unread"
                      className="mr-1.5 inline-block size-2 rounded-full bg-brand-600"
                    />
                  )}
                  🎉{' '}
                  {topicCompletedNotice(
                    n.company_name ?? 'A company',
                    n.feedback_title ?? '',
                    n.xp ?? 0,
                  )}
                </p>
              ) : n.kind === 'owner_joined' ? (
                <p
                  data-testid="owner-joined"
                  className={n.read_at ? '' : 'font-semibold'}
                >
                  {!n.read_at && (
                    <span
                      aria-label="Unread"
                      className="mr-1.5 inline-block size-2 rounded-full bg-brand-600"
                    />
                  )}
                  🔓 {ownerJoinedNotice(n.site ?? 'a site')}
                </p>
              ) : n.kind === 'company_removed' ? (
                <p className={n.read_at ? '' : 'font-semibold'}>
                  You are no longer on the team of{' '}
                  {n.company_name ?? 'a company'}.
                </p>
              ) : n.kind === 'company_message' ? (
                <p className={n.read_at ? '' : 'font-semibold'}>
                  {!n.read_at && (
                    <span
                      aria-label="Unread"
                      className="mr-1.5 inline-block size-2 rounded-full bg-brand-600"
                    />
                  )}
                  💬{' '}
                  {companyMessageNotice(
                    n.company_name ?? 'A company',
                    n.feedback_title ?? '',
                  )}
                </p>
              ) : (
                <p>
                  <span className="font-medium">“{n.feedback_title}”</span> is
                  now{' '}
                  <span className="font-semibold">
                    {statusInfo(n.new_status).label}
                  </span>
                </p>
              )}
              <p className="text-xs text-ink-muted">
                {timeAgo(n.created_at, new Date())}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
