import { useState } from 'react';
import { toast } from '@web/lib/toast';
import {
  useAddTopicItems,
  useCompanyTopics,
  useCreateTopic,
  useFeedbackTopic,
} from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';

const NEW = 'new';

/** From a feedback's detail: its topic, or "Add to topic" (#22). */
export function AddToTopic({
  feedbackId,
  title,
}: {
  feedbackId: string;
  title: string;
}) {
  const current = useFeedbackTopic(feedbackId);
  const topics = useCompanyTopics('contributors', 1, 50);
  const add = useAddTopicItems();
  const create = useCreateTopic();
  const [choice, setChoice] = useState('');
  const topic = current.data;
  const busy = add.isPending || create.isPending;
  if (current.isPending) return null;
  if (topic && topic.state === 'confirmed')
    return (
      <p className="text-sm">
        <span className="font-semibold">Topic:</span> {topic.title}
      </p>
    );
  const done = () => {
    toast.success('Added to the topic');
    setChoice('');
  };
  const fail = (err: Error) =>
    toast.error('Not added', { description: err.message });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice === NEW)
          create.mutate(
            { title: title.slice(0, 120) || 'Topic', ids: [feedbackId] },
            { onSuccess: done, onError: fail },
          );
        else if (choice)
          add.mutate(
            { topicId: choice, ids: [feedbackId] },
            { onSuccess: done, onError: fail },
          );
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-semibold">
        {topic ? `Suggested topic: ${topic.title}` : 'Add to topic'}
        <select
          className={inputClass}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">Choose a topic…</option>
          {(topics.data?.rows ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
          <option value={NEW}>New topic from this feedback</option>
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={!choice || busy}>
        Add to topic
      </Button>
    </form>
  );
}
