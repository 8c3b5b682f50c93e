import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Client } from '@shared/data/client';
import { listBadgesEarnedSince } from '@shared/data/badges-earned';
import { getUserStats } from '@shared/data/stats';
import type { BadgeDefinition } from '@shared/domain/badges';
import {
  CATEGORY_FORM_BUTTONS,
  toggleCategory,
} from '@shared/domain/categories';
import { guessCompanyName } from '@shared/domain/company-guess';
import { utcDayKey } from '@shared/domain/plans';
import {
  feedbackPointsPreview,
  isWithinDailyXpCap,
  sentTodayFromStats,
} from '@shared/domain/points';
import { signInHref } from '@shared/domain/return-path';
import type { PopupBoot, Shell } from '@ext/api/popup-boot';
import { loadClient } from '@ext/api/use-popup-session';
import { saveDraft, saveDraftShot, loadDraft } from '@ext/lib/drafts';
import { browserName } from '@ext/lib/browser-name';
import {
  MAX_SCREENSHOT_BYTES,
  dataUrlBytes,
  shrinkJpeg,
} from '@ext/lib/screenshot';
import type { FailureMessage } from '@ext/lib/errors';
import { sendMessage, type Capture, type PageInfo } from '@ext/lib/messaging';
import {
  statsCacheItem,
  type CachedStats,
  type Draft,
  type DraftShot,
} from '@ext/lib/storage';
import { Input, Notice, Textarea } from '@ext/components/ui';
import { ScreenshotEditor } from './screenshot-editor';
import { SendFooter } from './send-footer';
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

/** Fetches the user's stats and remembers them for the next popup. */
async function refreshStats(
  client: Client,
  userId: string,
): Promise<CachedStats | null> {
  const row = await getUserStats(client, userId);
  const stats: CachedStats = {
    userId,
    feedback_count: row?.feedback_count ?? 0,
    total_points: row?.total_points ?? 0,
    day_feedback_date: row?.day_feedback_date ?? null,
    day_feedback_count: row?.day_feedback_count ?? 0,
  };
  await statsCacheItem.setValue(stats);
  return stats;
}

/**
 * The signed-in popup: the page, the form, the screenshot and the result.
 * Renders at once from storage (`shell`); the page's site name, the
 * screenshot and supabase-js (`client`: stats, similar feedback) arrive
 * after and fill in.
 */
export function FeedbackForm({
  client,
  userId,
  shell,
  boot,
  onSessionEnded,
}: {
  client: Client | null;
  userId: string;
  shell: Shell & { page: PageInfo };
  /** The page read and the screenshot, started before React rendered. */
  boot: PopupBoot;
  /** A submit found the account gone (the background signed it out). */
  onSessionEnded: () => void;
}) {
  const page = shell.page;
  // The stored draft read at boot is the stored session's user's; after a
  // sign-in in this popup it is read below, for the user now signed in.
  const own = shell.user?.id === userId;
  const stored = own
    ? { draft: shell.draft, shot: shell.shot }
    : { draft: null, shot: null };
  /** The user has changed something: the draft is stored from then on. */
  const touched = useRef(stored.draft !== null);
  const pageInfo = useRef<PageInfo | null>(null);
  // A capture that arrived before this first render is shown in it.
  const [capture, setCapture] = useState<Capture | undefined>(
    boot.settled.capture,
  );
  const [draft, setDraft] = useState<Draft>(
    () => stored.draft ?? newDraft(page),
  );
  const [shot, setShot] = useState<DraftShot | null>(() => {
    const raw = boot.settled.capture?.screenshot;
    return (
      stored.shot ??
      (raw ? { original: raw, redacted: raw, uploadedPath: null } : null)
    );
  });
  /** The screenshot object last written to storage (saved once, not per keystroke). */
  const savedShot = useRef<DraftShot | null>(stored.shot);
  const [stats, setStats] = useState<CachedStats | null>(
    shell.stats?.userId === userId ? shell.stats : null,
  );
  const [redacting, setRedacting] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  // A failure is shown where it is seen, above the sticky Send footer.
  useEffect(() => {
    failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);

  // Offline or timed out: send again by itself once the browser is back
  // online (the draft is stored, so a closed popup loses nothing either).
  useEffect(() => {
    if (failure?.kind !== 'offline') return;
    const retry = () => formRef.current?.requestSubmit();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure]);
  const [done, setDone] = useState<{
    points: number;
    total: number | null;
    /** Badges this submission earned (read after it, named from shared/domain). */
    badges: BadgeDefinition[];
  } | null>(null);

  // The content script knows more than the tab (og:site_name, viewport):
  // a draft nobody has touched yet takes it. A draft's own screenshot wins
  // over the fresh one.
  useEffect(() => {
    let active = true;
    void boot.pageInfo.then((info) => {
      if (!active || !info) return;
      pageInfo.current = info;
      if (touched.current) return;
      setDraft((d) => ({
        ...d,
        pageTitle: info.title || d.pageTitle,
        companyName: guessCompanyName(info),
        context: {
          browser: browserName(navigator.userAgent),
          viewport: info.viewport,
          pageTitle: info.title || d.pageTitle,
        },
      }));
    });
    void boot.capture.then((c) => {
      if (!active) return;
      setCapture(c);
      const raw = c.screenshot;
      if (!raw) return;
      // Shown as captured at once; brought within 300 KB just after (only
      // busy pages need it), before anything is stored or sent.
      setShot((s) => s ?? { original: raw, redacted: raw, uploadedPath: null });
      if (dataUrlBytes(raw) <= MAX_SCREENSHOT_BYTES) return;
      shrinkJpeg(raw).then(
        (small) => {
          if (!active) return;
          setShot((s) =>
            s?.original === raw
              ? {
                  original: small,
                  redacted: s.redacted === raw ? small : s.redacted,
                  uploadedPath: null,
                }
              : s,
          );
        },
        () => {
          if (!active) return;
          setShot((s) => (s?.original === raw ? null : s));
          setCapture({
            screenshot: null,
            captureError:
              'The screenshot could not be made small enough. You can still send feedback without one.',
          });
        },
      );
    });
    return () => {
      active = false;
    };
  }, [boot]);

  useEffect(() => {
    if (own) return;
    let active = true;
    void loadDraft(userId, page.url).then((found) => {
      if (!active || !found.draft || touched.current) return;
      touched.current = true;
      setDraft(found.draft);
      if (found.shot) {
        savedShot.current = found.shot;
        setShot(found.shot);
      }
    });
    return () => {
      active = false;
    };
  }, [own, userId, page.url]);

  useEffect(() => {
    if (!client) return;
    let active = true;
    refreshStats(client, userId).then(
      (s) => active && setStats(s),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client, userId]);

  function persistShot(next: DraftShot | null, url: string) {
    if (next === savedShot.current) return Promise.resolve();
    savedShot.current = next;
    return saveDraftShot(userId, url, next);
  }

  // The screenshot joins the stored draft once the user has changed
  // something (written once, not on every keystroke).
  useEffect(() => {
    if (touched.current && shot) void persistShot(shot, draft.url);
  });

  if (done) {
    return (
      <Success
        points={done.points}
        totalPoints={done.total}
        badges={done.badges}
        dashboardUrl={`${shell.backendUrl}${signInHref('/app')}`}
        onAnother={() => {
          setDone(null);
          setShot(null);
          savedShot.current = null;
          touched.current = false;
          setDraft(newDraft(pageInfo.current ?? page));
        }}
      />
    );
  }
  /** Every change is stored at once: closing the popup loses nothing. */
  function update(patch: Partial<Draft>) {
    touched.current = true;
    setDraft((d) => {
      const next = { ...d, ...patch, updatedAt: Date.now() };
      void saveDraft(userId, next);
      return next;
    });
    setFailure(null);
  }

  async function changeRedactions(redactions: Draft['redactions']) {
    if (!shot) return;
    setRedacting(true);
    try {
      // The redaction tool is loaded when it is first used.
      const { redactScreenshot } = await import('@ext/lib/redact');
      const redacted = await redactScreenshot(shot.original, redactions);
      const next = { original: shot.original, redacted, uploadedPath: null };
      setShot(next);
      await persistShot(next, draft.url);
      update({ redactions });
    } finally {
      setRedacting(false);
    }
  }

  const hasShot = Boolean(shot && draft.includeScreenshot);
  const today = utcDayKey(new Date());
  const submittedTodayBefore = sentTodayFromStats(stats, today);
  const points = feedbackPointsPreview({
    hasScreenshot: hasShot,
    hasAudio: false,
    isFirstFeedback: (stats?.feedback_count ?? 0) === 0,
    submittedTodayBefore,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending || redacting) return;
    setPending(true);
    setFailure(null);
    try {
      // The draft (and its screenshot) is stored before it is sent, so a
      // failure or a closed popup keeps everything.
      touched.current = true;
      await Promise.all([
        saveDraft(userId, draft),
        persistShot(shot, draft.url),
      ]);
      const result = await sendMessage('submitFeedback', { url: draft.url });
      if (result.ok) {
        // '+N XP' at once; the level progress and any badge this feedback
        // earned follow when they arrive.
        setDone({ points: result.pointsAwarded, total: null, badges: [] });
        const ready = client ? Promise.resolve(client) : loadClient();
        ready
          .then((c) => refreshStats(c, userId))
          .then(
            (s) => {
              setStats(s);
              setDone((d) => d && { ...d, total: s?.total_points ?? null });
            },
            () => undefined,
          );
        ready
          .then((c) => listBadgesEarnedSince(c, userId, result.createdAt))
          .then(
            (badges) => setDone((d) => d && { ...d, badges }),
            () => undefined,
          );
      } else if (result.failure.kind === 'session-ended') {
        onSessionEnded();
      } else {
        setFailure(result.failure);
        const fresh = await loadDraft(userId, draft.url);
        if (fresh.shot) {
          savedShot.current = fresh.shot;
          setShot(fresh.shot);
        }
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
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      // Ctrl/Cmd+Enter sends from any field, as in mail and chat apps.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.currentTarget.requestSubmit();
        }
      }}
      className="flex flex-col gap-3"
    >
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
      ) : capture === undefined ? (
        <div className="flex flex-col gap-1.5" aria-busy="true">
          <span className="text-xs font-medium text-ink-muted">Screenshot</span>
          <div
            data-testid="screenshot-pending"
            className="flex aspect-video w-full animate-pulse items-center justify-center rounded-lg border border-line bg-brand-50 text-xs text-ink-muted"
          >
            Taking the screenshot…
          </div>
        </div>
      ) : (
        <Notice title="No screenshot">
          {capture.captureError ?? 'This page could not be captured.'}
        </Notice>
      )}
      {client && draft.url.startsWith('http') && (
        <SimilarFeedback
          client={client}
          userId={userId}
          websiteUrl={draft.url}
          text={draft.text}
        />
      )}
      {failure && (
        <div className="scroll-mb-28" ref={failureRef}>
          <Notice tone="error" title={failure.title}>
            {failure.description}
            {failure.kind !== 'invalid' &&
              !/draft/i.test(failure.description ?? '') && (
                <span className="block">Your draft is saved.</span>
              )}
          </Notice>
        </div>
      )}
      <SendFooter
        points={points}
        capped={!isWithinDailyXpCap(submittedTodayBefore)}
        pending={pending}
        disabled={pending || redacting}
        retry={failure !== null && failure.kind !== 'invalid'}
      />
    </form>
  );
}
