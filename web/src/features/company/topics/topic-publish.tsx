import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '@web/api/auth/use-session';
import { useMyCompany } from '@web/api/companies/get-my-company';
import { completedTopicsQueryOptions } from '@web/api/companies/public-page';
import { Button } from '@web/components/ui/button';
import { PublishTopicDialog } from '../components/publish-topic-dialog';

/**
 * "You said, we did" from the topic itself (#22): once the topic is
 * completed, publish it (or edit what is published) on the company's
 * public page. The texts come from the completed-topics list the settings
 * card uses, so both places show the same state.
 */
export function TopicPublish({ topicId }: { topicId: string }) {
  const userId = useUserId();
  const company = useMyCompany(userId);
  const companyId = company.data?.id ?? '';
  const completed = useQuery({
    ...completedTopicsQueryOptions(userId, companyId),
    enabled: companyId !== '',
  });
  const [open, setOpen] = useState(false);
  const topic = completed.data?.find((t) => t.id === topicId) ?? null;
  if (!topic) return null;
  return (
    <div className="bg-surface-muted/40 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3">
      <p className="text-sm text-ink-muted">
        {topic.published_at
          ? `On your public page as “${topic.public_title ?? topic.title}”.`
          : 'Completed: tell everyone on your public page.'}
      </p>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {topic.published_at ? 'Edit public text' : 'Publish'}
      </Button>
      <PublishTopicDialog
        topic={open ? topic : null}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
