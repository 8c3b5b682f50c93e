import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { TopicDetail } from '@shared/data/topics';
import { useCompanyTopics, useMergeTopics } from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';

/** Merge another topic into this one (it keeps this title and status). */
export function TopicMerge({ topic }: { topic: TopicDetail }) {
  const others = useCompanyTopics('contributors', 1, 50);
  const merge = useMergeTopics();
  const [other, setOther] = useState('');
  const choices = (others.data?.rows ?? []).filter((t) => t.id !== topic.id);
  if (choices.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t border-line pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!other) return;
        merge.mutate(
          { topicId: topic.id, otherId: other },
          {
            onSuccess: (n) => {
              toast.success(`Merged: ${n} feedback moved into this topic`);
              setOther('');
            },
            onError: (err) =>
              toast.error('Not merged', { description: err.message }),
          },
        );
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
        Merge another topic into this one
        <select
          className={inputClass}
          value={other}
          onChange={(e) => setOther(e.target.value)}
        >
          <option value="">Choose a topic…</option>
          {choices.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title} ({t.feedback_count})
            </option>
          ))}
        </select>
      </label>
      <Button
        type="submit"
        variant="secondary"
        disabled={!other || merge.isPending}
      >
        Merge
      </Button>
    </form>
  );
}
