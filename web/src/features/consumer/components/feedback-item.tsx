import { WaitingSite } from './waiting-site';
import { useEffect, useId, useRef, useState } from 'react';
import type { ThreadMessage } from '@shared/data/conversation';
import type { MyFeedback } from '@shared/data/feedback';
import {
  descriptionAddsNothing,
  NOTHING_TO_CLEAN,
} from '@shared/domain/ai/clean';
import { categoryEmoji, categoryLabel } from '@shared/domain/categories';
import { formatShortDate, formatViews } from '@shared/domain/format';
import { qualityScoreLabel } from '@shared/domain/reputation';
import { othersReported } from '@shared/domain/topics';
import {
  useScreenshotThumbnail,
  useSignedUrl,
} from '@web/api/uploads/get-signed-url';
import { StatusBadge } from '@web/components/ui/status-badge';
import { AuthorThreads } from './author-threads';

function Attachment({
  bucket,
  path,
}: {
  bucket: 'screenshots' | 'audio';
  path: string;
}) {
  const url = useSignedUrl(bucket, path);
  // The list shows Storage's thumbnail; the link opens the full image.
  const thumb = useScreenshotThumbnail(bucket === 'screenshots' ? path : null);
  // Hosted projects without image transformations (free plan) refuse the
  // render URL: the list then falls back to the full image.
  const [thumbFailed, setThumbFailed] = useState(false);
  const src =
    bucket === 'screenshots' && !thumb.isError && !thumbFailed
      ? thumb.data
      : url.data;
  if (url.isError) {
    return <p className="text-xs text-red-700">Could not load the file.</p>;
  }
  if (!url.data || !src)
    return <div className="h-10 animate-pulse rounded bg-line" />;
  return bucket === 'screenshots' ? (
    <a
      href={url.data}
      target="_blank"
      rel="noreferrer"
      className="block w-fit rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <img
        src={src}
        onError={() => setThumbFailed(true)}
        alt="Screenshot attached to this feedback"
        className="max-h-56 rounded-xl border border-line object-contain"
      />
    </a>
  ) : (
    <audio controls src={url.data} className="w-full max-w-sm">
      <track kind="captions" />
    </audio>
  );
}

/** One feedback of the author's list, expandable with 'See more'. */
export function FeedbackItem({
  item,
  userId,
  messages = [],
  others = 0,
  waiting,
}: {
  item: MyFeedback;
  userId: string;
  /** #35: reports waiting for its site (bucketed), when no owner verified it. */
  waiting?: number | undefined;
  /** #22: other contributors of the company topic it is in (never who). */
  others?: number;
  /** The companies' threads about it (#21). */
  messages?: ThreadMessage[];
}) {
  // The author e-mail's link (/app#feedback-<id>, #21) opens this feedback.
  const linked = () =>
    typeof window !== 'undefined' &&
    window.location.hash === `#feedback-${item.id}`;
  const [open, setOpen] = useState(linked);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const show = () => {
      if (window.location.hash !== `#feedback-${item.id}`) return;
      setOpen(true);
      row.current?.scrollIntoView({ block: 'start' });
    };
    show();
    // The link followed while the dashboard is open already.
    window.addEventListener('hashchange', show);
    return () => window.removeEventListener('hashchange', show);
  }, [item.id]);
  const detailsId = useId();
  const unread = messages.filter((m) => !m.from_author && !m.read_at).length;
  const processed = item.description !== item.raw_description;
  return (
    <li
      id={`feedback-${item.id}`}
      ref={row}
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5"
      data-testid="feedback-item"
      data-feedback-id={item.id}
    >
      <div className="flex flex-wrap items-start gap-3">
        <span
          role="img"
          aria-label={categoryLabel(item.category)}
          className="text-2xl"
        >
          {categoryEmoji(item.category)}
        </span>
        <div className="min-w-[12rem] flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {/* Clamped to two lines in the list; 'See more' shows it all. */}
            <h3
              title={open ? undefined : item.title}
              className={`min-w-0 font-semibold break-words ${open ? '' : 'line-clamp-2'}`}
            >
              {item.title}
            </h3>
            <StatusBadge status={item.status} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-muted">
            <span>{qualityScoreLabel(item.quality_score)}</span>
            <span>{formatShortDate(item.created_at)}</span>
            <span data-testid="views">{formatViews(item.view_count)}</span>
            <span aria-label={`${item.upvotes} upvotes`}>
              👍 {item.upvotes}
            </span>
            <span aria-label={`${item.downvotes} downvotes`}>
              👎 {item.downvotes}
            </span>
            {item.website_host && <span>🌐 {item.website_host}</span>}
            {othersReported(others) && (
              <span
                data-testid="others-reported"
                className="font-medium text-brand-700"
              >
                👥 {othersReported(others)}
              </span>
            )}
          </p>
          {waiting !== undefined && item.website_host && (
            <WaitingSite host={item.website_host} reports={waiting} />
          )}
        </div>
        {messages.length > 0 && !open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            data-testid="thread-marker"
            className={`rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${unread > 0 ? 'bg-brand-600 text-white hover:bg-brand-700' : 'text-brand-700 hover:bg-brand-50'}`}
          >
            💬{' '}
            {unread > 0
              ? `${unread} new ${unread === 1 ? 'message' : 'messages'}`
              : 'Conversation'}
          </button>
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          className="rounded-full px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {open ? 'See less' : 'See more'}
        </button>
      </div>
      {open && (
        <div
          id={detailsId}
          className="mt-4 flex flex-col gap-4 border-t border-line pt-4"
        >
          {messages.length > 0 && (
            <AuthorThreads
              userId={userId}
              feedbackId={item.id}
              messages={messages}
            />
          )}
          <p className="text-sm whitespace-pre-wrap">{item.raw_description}</p>
          {item.website_url && (
            <a
              href={item.website_url}
              target="_blank"
              rel="noreferrer noopener"
              className="w-fit text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Visit Website ↗
            </a>
          )}
          <section
            className="rounded-xl bg-brand-50 p-4"
            aria-label="AI Insights"
          >
            <h4 className="text-sm font-semibold text-brand-800">
              ✨ AI Insights
            </h4>
            {processed || item.sentiment ? (
              <div className="mt-1 space-y-1 text-sm">
                {descriptionAddsNothing(
                  item.raw_description,
                  item.description,
                ) ? (
                  <p className="text-ink-muted italic">{NOTHING_TO_CLEAN}</p>
                ) : (
                  <p className="whitespace-pre-line">{item.description}</p>
                )}
                {item.sentiment && (
                  <p className="text-xs text-ink-muted">
                    Sentiment: {item.sentiment}
                    {item.priority && ` · Priority: ${item.priority}`}
                  </p>
                )}
                {item.suggested_fix && (
                  <p className="text-xs text-ink-muted">
                    Suggested fix: {item.suggested_fix}
                  </p>
                )}
              </div>
            ) : (
              <p className="mt-1 text-sm text-ink-muted">
                Your feedback is being analysed…
              </p>
            )}
          </section>
          {item.screenshot_url && (
            <Attachment bucket="screenshots" path={item.screenshot_url} />
          )}
          {item.audio_url && (
            <Attachment bucket="audio" path={item.audio_url} />
          )}
        </div>
      )}
    </li>
  );
}
