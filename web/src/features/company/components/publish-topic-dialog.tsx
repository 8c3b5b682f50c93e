import { useState, type FormEvent } from 'react';
import {
  PUBLIC_NOTE_MAX,
  PUBLIC_TITLE_MAX,
  publishTopicError,
} from '@shared/domain/public-page';
import { usePublishTopic } from '@web/api/companies/public-page';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { InputField, TextareaField } from '@web/components/ui/field';
import { toast } from '@web/lib/toast';

/** What the dialog publishes: a completed topic and its current public texts. */
export interface PublishableTopic {
  id: string;
  /** The team's own title: a starting point, never shown publicly as is. */
  title: string;
  public_title: string | null;
  public_note: string | null;
  published_at: string | null;
}

/**
 * "Publish on your public page" (#22): the public title and an optional
 * note of a completed topic, plain text. The topic detail view hosts it as
 * well as the settings' list of completed topics. A failed publish keeps
 * what was typed.
 */
export function PublishTopicDialog({
  topic,
  onClose,
}: {
  topic: PublishableTopic | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={topic !== null}
      onClose={onClose}
      title={
        topic?.published_at ? 'Edit the public text' : 'Publish on your page'
      }
    >
      {/* Keyed: another topic starts from its own texts. */}
      {topic && <PublishForm key={topic.id} topic={topic} onDone={onClose} />}
    </Dialog>
  );
}

function PublishForm({
  topic,
  onDone,
}: {
  topic: PublishableTopic;
  onDone: () => void;
}) {
  const publish = usePublishTopic();
  // A first publish starts from the team's title (#40 item 7), to edit.
  const [title, setTitle] = useState(
    topic.public_title ?? topic.title.slice(0, PUBLIC_TITLE_MAX),
  );
  const [note, setNote] = useState(topic.public_note ?? '');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = publishTopicError(title, note);
    if (problem) return setError(problem);
    setError(null);
    publish.mutate(
      { topicId: topic.id, title: title.trim(), note },
      {
        onSuccess: () => {
          toast.success(topic.published_at ? 'Changes saved' : 'Published', {
            description: 'It is on your public page.',
          });
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        Visitors see this title and note, the date it was completed and how many
        people reported it — never who they are or what they wrote.
      </p>
      <InputField
        label="Public title"
        required
        value={title}
        maxLength={PUBLIC_TITLE_MAX}
        placeholder={topic.title}
        hint={`What you fixed or built, in your customers’ words (at most ${PUBLIC_TITLE_MAX} characters).`}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextareaField
        label="Note (optional)"
        rows={4}
        value={note}
        maxLength={PUBLIC_NOTE_MAX}
        hint={`${note.length}/${PUBLIC_NOTE_MAX}. Plain text; e-mail addresses and phone numbers are hidden.`}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={publish.isPending}>
          {topic.published_at ? 'Save' : 'Publish'}
        </Button>
      </div>
    </form>
  );
}
