import { useEffect, useState, type FormEvent } from 'react';
import type { Client } from '@shared/data/client';
import { getUserStats, type UserStats } from '@shared/data/stats';
import {
  CATEGORY_FORM_BUTTONS,
  toggleCategory,
} from '@shared/domain/categories';
import { guessCompanyName } from '@shared/domain/company-guess';
import { utcDayKey } from '@shared/domain/plans';
import { feedbackPointsPreview } from '@shared/domain/points';
import { loadDraft, saveDraft, saveDraftShot } from '@ext/lib/drafts';
import { browserName } from '@ext/lib/browser-name';
import type { FailureMessage } from '@ext/lib/errors';
import {
  sendMessage,
  type PageInfo,
  type PreparedPage,
} from '@ext/lib/messaging';
import { redactScreenshot } from '@ext/lib/redact';
import type { Draft, DraftShot } from '@ext/lib/storage';
import { Button, Input, Notice, Textarea } from '@ext/components/ui';
import { ScreenshotEditor } from './screenshot-editor';
import { SimilarFeedback } from './similar-feedback';
import { Success } from './success';

function newDraft(page: PageInfo): Draft {
  return {
    url: page.url,
    host: page.host,
    pageTitle: page.title,
    companyName: guessCompanyName(page),
    category: null,
    title: '',
    text: '',
    includeScreenshot: true,
    includeContext: false,
    context: {
      browser: browserName(navigator.userAgent),
      viewport: page.viewport,
      pageTitle: page.title,
    },
    redactions: [],
    updatedAt: Date.now(),
  };
}

/** The signed-in popup: the page, the form, the screenshot and the result. */
export function FeedbackForm({
  client,
  userId,
  prepared,
  backendUrl,
}: {
  client: Client;
  userId: string;
  prepared: PreparedPage & { page: PageInfo };
  backendUrl: string;
}) {
  const page = prepared.page;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [shot, setShot] = useState<DraftShot | null>(null);
  const [stats, setStats] = useState<UserStats | null | undefined>(undefined);
  const [redacting, setRedacting] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const [done, setDone] = useState<{
    points: number;
    total: number | null;
  } | null>(null);

  useEffect(() => {
    let active = true;
    void loadDraft(page.url).then(({ draft: stored, shot: storedShot }) => {
      if (!active) return;
      setDraft(stored ?? newDraft(page));
      if (storedShot) {
        setShot(storedShot);
      } else if (prepared.screenshot) {
        const fresh = {
          original: prepared.screenshot,
          redacted: prepared.screenshot,
          uploadedPath: null,
        };
        setShot(fresh);
      }
    });
    getUserStats(client, userId).then(
      (s) => active && setStats(s),
      () => active && setStats(undefined),
    );
    return () => {
      active = false;
    };
  }, [client, userId, page, prepared.screenshot]);

  if (done) {
    return (
      <Success
        points={done.points}
        totalPoints={done.total}
        dashboardUrl={`${backendUrl}/app`}
        onAnother={() => {
          setDone(null);
          setShot(null);
          setDraft(newDraft(page));
        }}
      />
    );
  }
  if (!draft)
    return <p className="py-8 text-center text-ink-muted">Loading…</p>;

  /** Every change is stored at once: closing the popup loses nothing. */
  function update(patch: Partial<Draft>) {
    setDraft((d) => {
      const next = { ...(d as Draft), ...patch, updatedAt: Date.now() };
      void saveDraft(next);
      return next;
    });
    setFailure(null);
  }

  async function changeRedactions(redactions: Draft['redactions']) {
    if (!shot) return;
    setRedacting(true);
    try {
      const redacted = await redactScreenshot(shot.original, redactions);
      const next = { original: shot.original, redacted, uploadedPath: null };
      setShot(next);
      await saveDraftShot(draft!.url, next);
      update({ redactions });
    } finally {
      setRedacting(false);
    }
  }

  const hasShot = Boolean(shot && draft.includeScreenshot);
  const today = utcDayKey(new Date());
  const points = feedbackPointsPreview({
    hasScreenshot: hasShot,
    hasAudio: false,
    isFirstFeedback: (stats?.feedback_count ?? 0) === 0,
    submittedTodayBefore:
      stats?.day_feedback_date === today ? stats.day_feedback_count : 0,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || redacting || !draft) return;
    setPending(true);
    setFailure(null);
    try {
      // The draft (and its screenshot) is stored before it is sent, so a
      // failure or a closed popup keeps everything.
      await saveDraft(draft);
      if (shot) await saveDraftShot(draft.url, shot);
      const result = await sendMessage('submitFeedback', { url: draft.url });
      if (result.ok) {
        setDone({ points: result.pointsAwarded, total: result.totalPoints });
      } else {
        setFailure(result.failure);
        const fresh = await loadDraft(draft.url);
        if (fresh.shot) setShot(fresh.shot);
      }
    } catch {
      setFailure({
        kind: 'unknown',
        title: 'Something went wrong',
        description: 'Please try again later. Your draft is saved.',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="min-w-0 rounded-lg border border-line bg-white px-3 py-2">
        <p className="truncate text-sm font-semibold" data-testid="page-host">
          {draft.host || 'This page'}
        </p>
        <p
          className="truncate text-xs text-ink-muted"
          data-testid="page-url"
          title={draft.url}
        >
          {draft.url}
        </p>
      </div>
      <Input
        label="Company"
        value={draft.companyName}
        placeholder="Company name"
        onChange={(e) => update({ companyName: e.target.value })}
      />
      <div
        role="group"
        aria-label="Category"
        className="grid grid-cols-4 gap-1.5"
      >
        {CATEGORY_FORM_BUTTONS.map((c) => {
          const selected = draft.category === c.key;
          return (
            <button
              key={c.key}
              type="button"
              aria-pressed={selected}
              onClick={() =>
                update({ category: toggleCategory(draft.category, c.key) })
              }
              className={`flex flex-col items-center gap-0.5 rounded-lg border px-1 py-1.5 text-[11px] leading-tight font-medium transition-colors ${
                selected
                  ? 'border-brand-600 bg-brand-50 text-brand-700'
                  : 'border-line bg-white text-ink hover:bg-brand-50'
              }`}
            >
              <span aria-hidden>{c.emoji}</span>
              {c.formLabel}
            </button>
          );
        })}
      </div>
      <Textarea
        label="Your feedback"
        rows={3}
        value={draft.text}
        placeholder="What happened, or what would make this better?"
        onChange={(e) => update({ text: e.target.value })}
        autoFocus
      />
      <Input
        label="Title (optional: the first sentence is used)"
        value={draft.title}
        maxLength={200}
        onChange={(e) => update({ title: e.target.value })}
      />
      {draft.category === 'bug' && (
        <label className="flex items-start gap-2 text-xs">
          <input
            type="checkbox"
            className="mt-0.5 accent-brand-600"
            checked={draft.includeContext}
            onChange={(e) => update({ includeContext: e.target.checked })}
          />
          <span>
            Add technical context
            <span className="block text-ink-muted">
              {draft.context
                ? `${draft.context.browser} · ${draft.context.viewport || 'viewport unknown'} · “${draft.context.pageTitle}”`
                : 'Browser, viewport and page title'}
            </span>
          </span>
        </label>
      )}
      {shot ? (
        <div className="flex flex-col gap-1.5">
          <label className="flex items-center justify-between text-xs font-medium text-ink-muted">
            Screenshot
            <span className="flex items-center gap-1.5">
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={draft.includeScreenshot}
                onChange={(e) =>
                  update({ includeScreenshot: e.target.checked })
                }
              />
              Include
            </span>
          </label>
          {draft.includeScreenshot && (
            <ScreenshotEditor
              src={shot.redacted}
              redactions={draft.redactions}
              busy={redacting}
              onRedact={(rect) =>
                void changeRedactions([...draft.redactions, rect])
              }
              onUndo={() =>
                void changeRedactions(draft.redactions.slice(0, -1))
              }
            />
          )}
        </div>
      ) : (
        <Notice title="No screenshot">
          {prepared.captureError ?? 'This page could not be captured.'}
        </Notice>
      )}
      {draft.url.startsWith('http') && (
        <SimilarFeedback
          client={client}
          userId={userId}
          websiteUrl={draft.url}
          text={draft.text}
        />
      )}
      {failure && (
        <Notice tone="error" title={failure.title}>
          {failure.description}
          {failure.kind !== 'invalid' &&
            !/draft/i.test(failure.description ?? '') && (
              <span className="block">Your draft is saved.</span>
            )}
        </Notice>
      )}
      <Button type="submit" disabled={pending || redacting}>
        {pending
          ? 'Sending…'
          : failure && failure.kind !== 'invalid'
            ? `Try again · +${points} XP`
            : `Send feedback · +${points} XP`}
      </Button>
    </form>
  );
}
