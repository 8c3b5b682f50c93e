import { useId, useState, type FormEvent } from 'react';
import type { ThreadMessage } from '@shared/data/conversation';
import {
  isSendableMessage,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PRIVACY_HINT,
  messageCharsLeft,
} from '@shared/domain/conversation';
import { timeAgo } from '@shared/domain/relative-date';
import { Button } from '@web/components/ui/button';

/**
 * The messages of one thread, oldest first, as plain text (React escapes
 * it; links are never made live). `mine` says which side is the reader's.
 */
export function ThreadMessages({
  messages,
  mine,
  theirName,
}: {
  messages: ThreadMessage[];
  mine: 'author' | 'company';
  theirName: (m: ThreadMessage) => string;
}) {
  const now = new Date();
  return (
    <ol className="flex flex-col gap-2" data-testid="thread">
      {messages.map((m) => {
        const own = (mine === 'author') === m.from_author;
        return (
          <li
            key={m.id}
            data-testid="thread-message"
            className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${own ? 'self-end bg-brand-600 text-white' : 'self-start bg-surface text-ink'}`}
          >
            <p className="text-xs font-semibold opacity-80">
              {own ? 'You' : theirName(m)} ·{' '}
              <time dateTime={m.created_at}>{timeAgo(m.created_at, now)}</time>
              {m.points_awarded > 0 && mine === 'author' && (
                <span> · +{m.points_awarded} XP</span>
              )}
            </p>
            <p className="mt-0.5 break-words whitespace-pre-wrap">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** A plain-text composer with the server's length limit and a counter. */
export function ThreadComposer({
  label,
  placeholder,
  sending,
  onSend,
  hint = MESSAGE_PRIVACY_HINT,
}: {
  label: string;
  placeholder: string;
  sending: boolean;
  /** The line under the box (default: what the other side never receives). */
  hint?: string;
  onSend: (body: string, done: () => void) => void;
}) {
  const [body, setBody] = useState('');
  const id = useId();
  const left = messageCharsLeft(body);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isSendableMessage(body) || sending) return;
    onSend(body.trim(), () => setBody(''));
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        maxLength={MESSAGE_MAX_LENGTH + 200}
        rows={3}
        placeholder={placeholder}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends, like most chat boxes.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        }}
        className="w-full rounded-xl border border-line bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink-muted">
          {hint}{' '}
          <span className={left < 0 ? 'font-semibold text-red-700' : ''}>
            {left} characters left
          </span>
        </p>
        <Button
          type="submit"
          size="sm"
          disabled={!isSendableMessage(body) || sending}
        >
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
