import type { KeyboardEvent } from 'react';
import { timeAgo } from '@shared/domain/relative-date';
import { priorityLabel, type TriagePriority } from '@shared/domain/triage';
import type { CompanyFeedback } from '@shared/data/companies';
import { categoryEmoji, categoryLabel } from '@shared/domain/categories';
import type { VoteType } from '@shared/domain/votes';
import { Badge } from '@web/components/ui/badge';
import { StatusBadge } from '@web/components/ui/status-badge';
import { VoteControls } from './vote-controls';

/** Where the feedback was written: host and page path (#19 item 20). */
function hostAndPath(f: CompanyFeedback): string {
  try {
    const path = new URL(f.website_url).pathname;
    return path === '/' ? f.website_host : `${f.website_host}${path}`;
  } catch {
    return f.website_host;
  }
}

/**
 * The feedback list of the dashboard; a click opens one. j/k or the arrow
 * keys move between rows, Enter opens, x selects (#21).
 */
export function CompanyFeedbackList({
  items,
  opening,
  voting,
  onOpen,
  onVote,
  userId,
  selected,
  onToggle,
}: {
  items: readonly CompanyFeedback[];
  opening: string | null;
  voting: boolean;
  onOpen: (item: CompanyFeedback) => void;
  onVote: (item: CompanyFeedback, type: VoteType) => void;
  userId: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, at: number) {
    const list = e.currentTarget.closest('ul');
    const rows = [
      ...(list?.querySelectorAll<HTMLButtonElement>('[data-open-row]') ?? []),
    ];
    const move = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }[e.key];
    if (move) {
      e.preventDefault();
      rows[Math.min(Math.max(at + move, 0), rows.length - 1)]?.focus();
    } else if (e.key === 'x') {
      e.preventDefault();
      onToggle(items[at]!.id);
    }
  }
  return (
    <ul className="flex flex-col gap-3">
      {items.map((f, i) => (
        <li
          key={f.id}
          data-testid="company-feedback-item"
          data-status={f.status}
          className={`rounded-2xl border bg-white p-4 shadow-sm transition hover:border-brand-300 sm:p-5 ${selected.has(f.id) ? 'border-brand-500 ring-2 ring-brand-200' : 'border-line'}`}
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
            <input
              type="checkbox"
              aria-label={`Select “${f.title}”`}
              checked={selected.has(f.id)}
              onChange={() => onToggle(f.id)}
              className="size-4 accent-brand-600"
            />
            <StatusBadge status={f.status} />
            <Badge className="bg-surface text-ink">
              <span aria-hidden="true">{categoryEmoji(f.category)}</span>
              {categoryLabel(f.category)}
            </Badge>
            {f.viewed && (
              <Badge className="bg-green-50 text-green-700">Viewed</Badge>
            )}
            {f.assignee_id && (
              <Badge className="bg-brand-50 text-brand-700">
                {f.assignee_id === userId ? 'Assigned to you' : 'Assigned'}
              </Badge>
            )}
            {f.team_priority && (
              <Badge className="bg-amber-50 text-amber-800">
                {priorityLabel(f.team_priority as TriagePriority)} priority
              </Badge>
            )}
            <span className="break-all">{hostAndPath(f)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={f.created_at}>
              {timeAgo(f.created_at, new Date())}
            </time>
          </div>
          <button
            type="button"
            data-open-row
            onKeyDown={(e) => onKeyDown(e, i)}
            // Not `disabled` while one opens: a disabled button drops focus,
            // and the dialog returns focus to the button that opened it.
            onClick={() => opening === null && onOpen(f)}
            aria-disabled={opening !== null || undefined}
            aria-busy={opening === f.id}
            className="mt-2 block w-full rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait"
          >
            <h3 className="font-semibold text-ink hover:text-brand-700">
              {f.title}
            </h3>
            {f.excerpt ? (
              <p className="mt-1 line-clamp-2 text-sm break-words text-ink-muted">
                {f.excerpt}
              </p>
            ) : (
              // Before a view the plan keeps the text behind it (DECISIONS).
              <p className="mt-1 text-sm text-ink-muted italic">
                Open this feedback to read it.
              </p>
            )}
          </button>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <VoteControls
              upvotes={f.upvotes}
              downvotes={f.downvotes}
              myVote={f.my_vote}
              isOwn={f.is_own}
              pending={voting}
              onVote={(type) => onVote(f, type)}
            />
            <p className="flex flex-wrap gap-2 text-xs text-ink-muted">
              {f.verified_linkedin && (
                <span className="font-medium text-brand-700">✓ Verified</span>
              )}
              <span>Reputation {Number(f.user_reputation).toFixed(1)}</span>
              {f.has_screenshot && <span>📷 Screenshot</span>}
              {f.has_audio && <span>🎙 Audio</span>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
