import { failureText } from '@shared/data/client';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { isConnectionError, isTimeoutError } from '@shared/data/timeout-fetch';
import {
  CATEGORY_FORM_BUTTONS,
  toggleCategory,
} from '@shared/domain/categories';
import {
  DAILY_FEEDBACK_XP_CAP,
  feedbackPointsPreview,
  isWithinDailyXpCap,
  sentTodayFromStats,
} from '@shared/domain/points';
import { utcDayKey } from '@shared/domain/plans';
import {
  descriptionCounter,
  FEEDBACK_DESCRIPTION_TOO_LONG,
  feedbackFormSchema,
} from '@shared/domain/validation/feedback';
import {
  dailyXpCapNotice,
  FEEDBACK_AUTH_REQUIRED,
  FEEDBACK_MISSING_INFORMATION,
  feedbackSubmittedMessage,
  WEBSITE_URL_INVALID,
} from '@shared/domain/validation/messages';
import { useCreateFeedback } from '@web/api/feedback/create-feedback';
import { useMyFeedback } from '@web/api/feedback/get-my-feedback';
import { useUserStats } from '@web/api/stats/get-user-stats';
import { Button, buttonClass } from '@web/components/ui/button';
import { InputField, TextareaField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { AudioRecorder } from './audio-recorder';
import { useFeedbackDraft } from './feedback-draft';
import { FileUploadField } from './file-upload-field';
import { SimilarFeedback } from './similar-feedback';
import { WaitingForOwner } from './waiting-for-owner';
import { useFileUpload } from './use-file-upload';
import { useOnlineRetry } from './use-online-retry';

/**
 * Said under the form when a submit could not reach Peega (next to the
 * spec's 'Something went wrong' toast): why, and that nothing is lost.
 */
export function submitOfflineMessage(timedOut: boolean) {
  return {
    title: timedOut ? 'Peega did not answer in time' : "Can't reach Peega",
    description:
      'Your feedback is kept in this form. It is sent again when your connection is back, or press Submit again.',
  };
}

/** The form of /submit-feedback (consumer spec §2, §5). */
export function SubmitFeedbackForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  // Kept per account across reloads and sign-outs (feedback-draft.ts).
  const { draft, set, clear } = useFeedbackDraft(userId);
  const { companyName, websiteUrl, title, description, category } = draft;
  /** The last submit failed for lack of a connection: retried when online. */
  const [offline, setOffline] = useState<ReturnType<
    typeof submitOfflineMessage
  > | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useOnlineRetry(
    offline !== null,
    useCallback(() => formRef.current?.requestSubmit(), []),
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  // Uploaded attachments survive a reload with the text (#40 item 14).
  const screenshot = useFileUpload('screenshots', {
    file: draft.screenshot,
    onChange: (f) => set('screenshot', f),
  });
  const audio = useFileUpload('audio', {
    file: draft.audio,
    onChange: (f) => set('audio', f),
  });
  const create = useCreateFeedback(userId);
  const mine = useMyFeedback(userId);

  const today = utcDayKey(new Date());
  // The server's own counter of today's feedback (the daily XP cap reads
  // it); the list of the user's feedback stands in until it has loaded.
  const stats = useUserStats(userId);
  const sentToday = stats.data
    ? sentTodayFromStats(stats.data, today)
    : (mine.data?.filter((f) => utcDayKey(new Date(f.created_at)) === today)
        .length ?? 0);
  const points = feedbackPointsPreview({
    hasScreenshot: screenshot.state.status === 'uploaded',
    hasAudio: audio.state.status === 'uploaded',
    isFirstFeedback: mine.data !== undefined && mine.data.length === 0,
    submittedTodayBefore: sentToday,
  });
  const capped = !isWithinDailyXpCap(sentToday);
  /** Attachment hints promise XP only while this feedback earns any. */
  const bonus = capped ? '' : ' · +1 XP';
  const uploading =
    screenshot.state.status === 'uploading' ||
    audio.state.status === 'uploading';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending || uploading) return;
    const parsed = feedbackFormSchema.safeParse({
      companyName,
      websiteUrl,
      title,
      description,
      category,
    });
    if (!parsed.success) {
      const fields = new Set(
        parsed.error.issues
          .filter((i) => i.message !== FEEDBACK_DESCRIPTION_TOO_LONG)
          .map((i) => String(i.path[0])),
      );
      const next: Record<string, string> = {};
      if (fields.has('websiteUrl')) next.websiteUrl = WEBSITE_URL_INVALID;
      const tooLong = parsed.error.issues.some(
        (i) => i.message === FEEDBACK_DESCRIPTION_TOO_LONG,
      );
      if (tooLong) next.description = FEEDBACK_DESCRIPTION_TOO_LONG;
      const missing = ['companyName', 'title', 'description'].filter((f) =>
        fields.has(f),
      );
      for (const f of missing) next[f] = 'This field is required.';
      setErrors(next);
      if (missing.length > 0) {
        toast.error(FEEDBACK_MISSING_INFORMATION.title, {
          description: FEEDBACK_MISSING_INFORMATION.description,
        });
      }
      return;
    }
    setErrors({});
    // The browser knows it is offline (#40 item 12): say so at once instead
    // of waiting on requests that cannot leave; the form is kept and sent
    // when the browser is back online.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setOffline(submitOfflineMessage(false));
      return;
    }
    setOffline(null);
    try {
      const row = await create.mutateAsync({
        title: parsed.data.title,
        description: parsed.data.description,
        companyName: parsed.data.companyName,
        websiteUrl: parsed.data.websiteUrl,
        category: parsed.data.category,
        screenshotPath:
          screenshot.state.status === 'uploaded' ? screenshot.state.path : null,
        audioPath: audio.state.status === 'uploaded' ? audio.state.path : null,
      });
      clear();
      const message = feedbackSubmittedMessage(row.points_awarded);
      toast.success(message.title, { description: message.description });
      navigate(paths.dashboard);
    } catch (err) {
      // Everything typed and uploaded stays in the form for another try.
      if (isConnectionError(err)) {
        setOffline(submitOfflineMessage(isTimeoutError(err)));
      }
      const { status, code } = err as { status?: number; code?: string };
      const signedOut = status === 401 || code === 'PGRST301';
      toast.error(
        signedOut ? FEEDBACK_AUTH_REQUIRED.title : 'Something went wrong',
        {
          description: signedOut
            ? FEEDBACK_AUTH_REQUIRED.description
            : failureText(err, 'Please try again later.'),
        },
      );
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Company Name"
          name="companyName"
          required
          placeholder="e.g. Example Inc."
          value={companyName}
          onChange={(e) => set('companyName', e.target.value)}
          error={errors.companyName}
        />
        <InputField
          label="Website URL"
          name="websiteUrl"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          value={websiteUrl}
          onChange={(e) => set('websiteUrl', e.target.value)}
          error={errors.websiteUrl}
        />
      </div>
      <WaitingForOwner websiteUrl={websiteUrl} />
      <InputField
        label="Feedback Title"
        name="title"
        required
        maxLength={200}
        placeholder="Summarise your feedback in a few words"
        value={title}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
      />
      <SimilarFeedback userId={userId} websiteUrl={websiteUrl} title={title} />
      <TextareaField
        label="Detailed Description"
        name="description"
        required
        rows={5}
        // No maxLength: a longer paste is kept and said, never cut (#40
        // item 18); the counter shows before the limit.
        hint={descriptionCounter(description.length)}
        placeholder="What happened, what did you expect, what would make it better?"
        value={description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
      />
      <fieldset>
        <legend className="text-sm font-medium">Category</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CATEGORY_FORM_BUTTONS.map((c) => (
            <button
              key={c.key}
              type="button"
              aria-pressed={category === c.key}
              onClick={() => set('category', toggleCategory(category, c.key))}
              className={`flex items-center justify-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600 ${category === c.key ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white hover:border-brand-300'}`}
            >
              <span aria-hidden="true">{c.emoji}</span>
              {c.formLabel}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FileUploadField
          label="Screenshot"
          hint={`PNG, JPEG, WebP or GIF, up to 5 MB${bonus}`}
          accept="image/*"
          state={screenshot.state}
          onChoose={(file) => void screenshot.choose(file, file.name)}
          onRemove={screenshot.remove}
          preview={(url) => (
            <img
              src={url}
              alt="Screenshot preview"
              className="max-h-40 w-fit rounded-lg border border-line object-contain"
            />
          )}
        />
        <FileUploadField
          label="Audio"
          hint={`Up to 10 MB${bonus}`}
          accept="audio/*"
          state={audio.state}
          onChoose={(file) => void audio.choose(file, file.name)}
          onRemove={audio.remove}
          preview={(url) => (
            <audio controls src={url} className="w-full">
              <track kind="captions" />
            </audio>
          )}
          extra={
            <AudioRecorder
              onRecorded={(blob, name) => void audio.choose(blob, name)}
            />
          }
        />
      </div>
      {offline && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-900"
        >
          <strong className="block">{offline.title}</strong>
          {offline.description}
        </p>
      )}
      {capped && (
        <p
          role="status"
          className="rounded-xl bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          {dailyXpCapNotice(DAILY_FEEDBACK_XP_CAP)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={paths.dashboard} className={buttonClass('secondary', 'lg')}>
          Cancel
        </Link>
        <Button
          type="submit"
          size="lg"
          disabled={create.isPending || uploading}
        >
          {create.isPending
            ? 'Submitting...'
            : capped
              ? 'Submit Feedback'
              : `Submit Feedback (+${points} XP)`}
        </Button>
      </div>
    </form>
  );
}
