import { useEffect, useLayoutEffect, useRef, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Client } from '@shared/data/client';
import { utcDayKey } from '@shared/domain/plans';
import {
  feedbackPointsPreview,
  isWithinDailyXpCap,
  sentTodayFromStats,
} from '@shared/domain/points';
import type { PopupBoot, Shell } from '@ext/api/popup-boot';
import type { PageInfo } from '@ext/lib/messaging';
import type { CachedStats } from '@ext/lib/storage';
import { useSubmitFlow } from '@ext/stores/submit-flow';
import { useBootArrivals, useDraftRestore } from '../hooks/use-boot-arrivals';
import { useCaptureJob } from '../hooks/use-capture-job';
import { usePopupStats } from '../hooks/use-popup-stats';
import { CategoryPicker } from './category-picker';
import { CompanyField, PageCard, TextFields } from './draft-fields';
import { FailureNotice } from './failure-notice';
import { ScreenshotSection } from './screenshot-section';
import { SendFooter } from './send-footer';
import { Sent } from './sent';
import { SimilarFeedback } from './similar-feedback';
import { TechnicalContextSection } from './technical-context';
import { WaitingNote } from './waiting-note';

/**
 * The signed-in popup: the page, the form, the screenshot and the result.
 * Renders at once from storage (`shell`); the page's site name, the
 * screenshot and supabase-js (`client`: stats, similar feedback) arrive
 * after and fill in. The flow's state lives in `useSubmitFlow`, started
 * here for this account and page (App keys this component by both).
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
  const { page, draft, shot } = shell;
  // The stored draft read at boot is the stored session's user's only.
  const own = shell.user?.id === userId;
  // Before paint: the first frame already shows the draft.
  useLayoutEffect(() => {
    useSubmitFlow.getState().start({
      userId,
      page,
      draft: own ? draft : null,
      shot: own ? shot : null,
      // A capture that arrived before this first render is shown in it.
      capture: boot.settled.capture,
    });
    return () => useSubmitFlow.getState().reset();
  }, [userId, page, own, draft, shot, boot]);
  useBootArrivals(boot);
  useDraftRestore(own, userId, page.url);
  const capture = useCaptureJob(boot, page.url);
  const stats = usePopupStats(client, userId, shell.stats);
  const started = useSubmitFlow((s) => s.userId === userId);
  const step = useSubmitFlow((s) => s.step);

  if (!started) return null;
  if (step.kind === 'sent') {
    return (
      <Sent
        client={client}
        userId={userId}
        points={step.points}
        createdAt={step.createdAt}
        backendUrl={shell.backendUrl}
      />
    );
  }
  return (
    <DraftForm
      client={client}
      userId={userId}
      stats={stats}
      capture={capture}
      onSessionEnded={onSessionEnded}
    />
  );
}

function DraftForm({
  client,
  userId,
  stats,
  capture,
  onSessionEnded,
}: {
  client: Client | null;
  userId: string;
  stats: CachedStats | null;
  capture: ReturnType<typeof useCaptureJob>;
  onSessionEnded: () => void;
}) {
  const { step, url, text, hasShot, redacting } = useSubmitFlow(
    useShallow((s) => ({
      step: s.step,
      url: s.draft?.url ?? '',
      text: s.draft?.text ?? '',
      hasShot: Boolean(s.shot && s.draft?.includeScreenshot),
      redacting: s.redacting,
    })),
  );
  const submit = useSubmitFlow((s) => s.submit);
  const formRef = useRef<HTMLFormElement>(null);
  const failure = step.kind === 'failed' ? step.failure : null;
  const pending = step.kind === 'sending';

  // Offline or timed out: send again by itself once the browser is back
  // online (the draft is stored, so a closed popup loses nothing either).
  useEffect(() => {
    if (failure?.kind !== 'offline') return;
    const retry = () => formRef.current?.requestSubmit();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failure]);

  const submittedTodayBefore = sentTodayFromStats(stats, utcDayKey(new Date()));
  const points = feedbackPointsPreview({
    hasScreenshot: hasShot,
    hasAudio: false,
    isFirstFeedback: (stats?.feedback_count ?? 0) === 0,
    submittedTodayBefore,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if ((await submit()) === 'session-ended') onSessionEnded();
  }

  return (
    // The form only relays Ctrl/Cmd+Enter pressed in its fields (the fields
    // are the interactive elements); Send is the button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      // Ctrl/Cmd+Enter sends from any field, as in mail and chat apps.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.currentTarget.requestSubmit();
        }
      }}
      className="flex flex-col gap-3"
    >
      <PageCard />
      <CompanyField />
      <CategoryPicker />
      <TextFields />
      <ScreenshotSection tab={capture.tab} job={capture.job} />
      <TechnicalContextSection />
      {client && url.startsWith('http') && (
        <SimilarFeedback
          client={client}
          userId={userId}
          websiteUrl={url}
          text={text}
        />
      )}
      {client && url.startsWith('http') && (
        <WaitingNote client={client} websiteUrl={url} />
      )}
      {failure && <FailureNotice failure={failure} />}
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
