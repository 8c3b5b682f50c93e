import { create } from 'zustand';
import { guessCompanyName } from '@shared/domain/company-guess';
import { loadDraft, saveDraft, saveDraftShot } from '@ext/lib/drafts';
import type { FailureMessage } from '@ext/lib/errors';
import type { LogEntries } from '@ext/lib/context/tab-log';
import { newDraft, technicalContextOf } from '@ext/lib/new-draft';
import { sendMessage, type Capture, type PageInfo } from '@ext/lib/messaging';
import type { CaptureKind } from '@ext/lib/capture-job';
import type { Draft, DraftShot, Mark } from '@ext/lib/storage';

/** Where the popup's submit is: typing, sending, failed (form kept) or sent. */
export type SubmitStep =
  | { kind: 'form' }
  | { kind: 'sending' }
  | { kind: 'failed'; failure: FailureMessage }
  | { kind: 'sent'; points: number; createdAt: string };

/** What a submit ended in; `stale` when the account changed meanwhile. */
export type SubmitOutcome =
  'sent' | 'failed' | 'session-ended' | 'busy' | 'stale';

interface FlowData {
  /** The account the draft belongs to; null before `start` and after `reset`. */
  userId: string | null;
  /** The page as best known: the tab first, the content script's read after. */
  page: PageInfo | null;
  /** What was recorded in the tab (sites the user allowed only), as last read. */
  contextLog: LogEntries | null;
  draft: Draft | null;
  shot: DraftShot | null;
  /** undefined while the screenshot is being taken. */
  capture: Capture | undefined;
  /** The user has changed something: the draft is stored from then on. */
  touched: boolean;
  /** The screenshot object last written to storage (saved once, not per keystroke). */
  savedShot: DraftShot | null;
  /** The blurs and annotations are being applied to the screenshot. */
  redacting: boolean;
  step: SubmitStep;
}

interface FlowActions {
  /** Begins the flow for an account and a page, from what storage had; forgets any other account's. */
  start(args: {
    userId: string;
    page: PageInfo;
    draft: Draft | null;
    shot: DraftShot | null;
    capture: Capture | undefined;
  }): void;
  reset(): void;
  /** Every change is stored at once: closing the popup loses nothing. */
  update(patch: Partial<Draft>): void;
  pageInfoArrived(info: PageInfo): void;
  /** The tab's recorded console errors and failed requests changed. */
  contextLogArrived(log: LogEntries | null): void;
  /**
   * Whether the site records (allowed by the user): the context's default
   * for a draft where the user has not decided yet.
   */
  recordingKnown(on: boolean): void;
  captureArrived(capture: Capture): void;
  /** The screenshot `raw` was brought within 300 KB as `small`. */
  shotShrunk(raw: string, small: string): void;
  shrinkFailed(raw: string): void;
  /** A screenshot the user asked for (visible area, whole page, element) replaces the draft's, unblurred. */
  captureTaken(taken: {
    screenshot: string;
    kind: CaptureKind;
    note: string | null;
  }): Promise<void>;
  /** A draft read for an account after a sign-in in this popup. */
  draftFound(
    userId: string,
    found: { draft: Draft | null; shot: DraftShot | null },
  ): void;
  changeRedactions(redactions: Mark[]): Promise<void>;
  submit(): Promise<SubmitOutcome>;
  /** "Send another": a fresh draft of the same page. */
  another(): void;
}

export type SubmitFlow = FlowData & FlowActions;

const initial: FlowData = {
  userId: null,
  page: null,
  contextLog: null,
  draft: null,
  shot: null,
  capture: undefined,
  touched: false,
  savedShot: null,
  redacting: false,
  step: { kind: 'form' },
};

const UNKNOWN_FAILURE: FailureMessage = {
  kind: 'unknown',
  title: 'Something went wrong',
  description: 'Please try again later. Your draft is saved.',
};

function fromCapture(capture: Capture | undefined): DraftShot | null {
  const raw = capture?.screenshot;
  return raw ? { original: raw, redacted: raw, uploadedPath: null } : null;
}

/**
 * The popup's submit flow (one form at a time): the draft being typed, its
 * screenshot and redactions, and the submit step. Server data (stats,
 * similar feedback, badges) stays out; drafts go to extension storage.
 */
export const useSubmitFlow = create<SubmitFlow>()((set, get) => {
  function persistShot(next: DraftShot | null, url: string): Promise<void> {
    const { savedShot, userId } = get();
    if (next === savedShot || !userId) return Promise.resolve();
    set({ savedShot: next });
    return saveDraftShot(userId, url, next);
  }
  /** The screenshot joins the stored draft once the user has changed something. */
  function persistIfTouched() {
    const { touched, shot, draft } = get();
    if (touched && shot && draft) void persistShot(shot, draft.url);
  }

  return {
    ...initial,

    start({ userId, page, draft, shot, capture }) {
      set({
        ...initial,
        userId,
        page,
        // The context is live: what the page and the tab tell now, whatever
        // a stored draft held.
        draft: draft
          ? { ...draft, context: technicalContextOf(page, null) }
          : newDraft(page),
        shot: shot ?? fromCapture(capture),
        savedShot: shot,
        capture,
        touched: draft !== null,
      });
    },

    reset() {
      set(initial);
    },

    update(patch) {
      const { draft, userId, step } = get();
      if (!draft || !userId) return;
      const next = { ...draft, ...patch, updatedAt: Date.now() };
      set({
        draft: next,
        touched: true,
        step: step.kind === 'failed' ? { kind: 'form' } : step,
      });
      void saveDraft(userId, next);
      persistIfTouched();
    },

    pageInfoArrived(info) {
      const { draft, touched } = get();
      set({ page: info });
      if (!draft) return;
      // The environment (viewport, pixel ratio, language) is the page's now.
      const context = technicalContextOf(info, get().contextLog);
      // The content script knows more than the tab (og:site_name): a draft
      // nobody has touched yet takes it.
      if (touched) {
        set({ draft: { ...draft, context } });
        return;
      }
      const pageTitle = info.title || draft.pageTitle;
      set({
        draft: {
          ...draft,
          pageTitle,
          companyName: guessCompanyName(info),
          context,
        },
      });
    },

    recordingKnown(on) {
      const { draft } = get();
      // Off stays undecided: allowing the site later turns it on.
      if (!on || !draft || draft.includeContext !== undefined) return;
      set({ draft: { ...draft, includeContext: true } });
    },

    contextLogArrived(log) {
      const { draft, page } = get();
      set({ contextLog: log });
      if (!draft || !page) return;
      set({ draft: { ...draft, context: technicalContextOf(page, log) } });
    },

    captureArrived(capture) {
      // A draft's own screenshot wins over the fresh one.
      set((s) => ({ capture, shot: s.shot ?? fromCapture(capture) }));
      persistIfTouched();
    },

    shotShrunk(raw, small) {
      const { shot } = get();
      if (shot?.original !== raw) return;
      set({
        shot: {
          ...shot,
          original: small,
          redacted: shot.redacted === raw ? small : shot.redacted,
          uploadedPath: null,
        },
      });
      persistIfTouched();
    },

    shrinkFailed(raw) {
      set((s) => ({
        shot: s.shot?.original === raw ? null : s.shot,
        capture: {
          screenshot: null,
          captureError:
            'The screenshot could not be made small enough. You can still send feedback without one.',
        },
      }));
    },

    async captureTaken({ screenshot, kind, note }) {
      const { draft, userId, step } = get();
      if (!draft || !userId) return;
      const shot: DraftShot = {
        original: screenshot,
        redacted: screenshot,
        uploadedPath: null,
        kind,
        note,
      };
      // The old blurs were for the old image. Stored with the draft before
      // this resolves: the capture job is only cleared after that.
      const next = {
        ...draft,
        redactions: [],
        includeScreenshot: true,
        updatedAt: Date.now(),
      };
      set({
        shot,
        savedShot: shot,
        draft: next,
        touched: true,
        step: step.kind === 'failed' ? { kind: 'form' } : step,
      });
      await Promise.all([
        saveDraft(userId, next),
        saveDraftShot(userId, draft.url, shot),
      ]);
    },

    draftFound(userId, found) {
      if (get().userId !== userId || !found.draft || get().touched) return;
      set({ touched: true, draft: found.draft });
      if (found.shot) set({ savedShot: found.shot, shot: found.shot });
    },

    async changeRedactions(redactions) {
      const { shot, draft, userId } = get();
      if (!shot || !draft) return;
      set({ redacting: true });
      try {
        // The redaction tool is loaded when it is first used.
        const { redactScreenshot } = await import('@ext/lib/redact');
        const redacted = await redactScreenshot(shot.original, redactions);
        if (get().userId !== userId) return;
        const next = { ...shot, redacted, uploadedPath: null };
        set({ shot: next });
        await persistShot(next, draft.url);
        get().update({ redactions });
      } finally {
        set({ redacting: false });
      }
    },

    async submit() {
      const { draft, userId, shot, step, redacting } = get();
      if (!draft || !userId || step.kind === 'sending' || redacting) {
        return 'busy';
      }
      set({ step: { kind: 'sending' }, touched: true });
      try {
        // The draft (and its screenshot) is stored before it is sent, so a
        // failure or a closed popup keeps everything.
        await Promise.all([
          saveDraft(userId, draft),
          persistShot(shot, draft.url),
        ]);
        const result = await sendMessage('submitFeedback', { url: draft.url });
        if (get().userId !== userId) return 'stale';
        if (result.ok) {
          set({
            step: {
              kind: 'sent',
              points: result.pointsAwarded,
              createdAt: result.createdAt,
            },
          });
          return 'sent';
        }
        if (result.failure.kind === 'session-ended') {
          set({ step: { kind: 'form' } });
          return 'session-ended';
        }
        set({ step: { kind: 'failed', failure: result.failure } });
        // The background may have uploaded the screenshot: keep its path.
        const fresh = await loadDraft(userId, draft.url);
        if (fresh.shot && get().userId === userId) {
          set({ savedShot: fresh.shot, shot: fresh.shot });
        }
        return 'failed';
      } catch {
        if (get().userId !== userId) return 'stale';
        set({ step: { kind: 'failed', failure: UNKNOWN_FAILURE } });
        return 'failed';
      }
    },

    another() {
      const { page } = get();
      if (!page) return;
      set({
        step: { kind: 'form' },
        shot: null,
        savedShot: null,
        touched: false,
        draft: newDraft(page),
      });
    },
  };
});
