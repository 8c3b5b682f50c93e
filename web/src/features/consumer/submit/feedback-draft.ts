import { useEffect, useState } from 'react';
import {
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
} from '@shared/domain/categories';

/** An attachment already in its bucket: the draft keeps where it is. */
export interface KeptFile {
  name: string;
  path: string;
}

/** What the web feedback form keeps while it is being typed. */
export interface FeedbackDraft {
  companyName: string;
  websiteUrl: string;
  title: string;
  description: string;
  category: FeedbackCategory | null;
  screenshot: KeptFile | null;
  audio: KeptFile | null;
}

export const EMPTY_DRAFT: FeedbackDraft = {
  companyName: '',
  websiteUrl: '',
  title: '',
  description: '',
  category: null,
  screenshot: null,
  audio: null,
};

/**
 * Where a user's draft lives: per account, so the next account on this
 * browser never sees it, and not cleared on sign-out, so a reload or an
 * accidental sign-out in another tab loses nothing (as in the extension).
 */
export const draftStorageKey = (userId: string) =>
  `peega:feedback-draft:${userId}`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const keptFile = (v: unknown): KeptFile | null => {
  const f = v as Partial<KeptFile> | null;
  return f && typeof f.name === 'string' && typeof f.path === 'string'
    ? { name: f.name, path: f.path }
    : null;
};

/** The user's stored draft, or an empty one (a broken entry is ignored). */
export function readDraft(userId: string): FeedbackDraft {
  try {
    const raw = JSON.parse(
      localStorage.getItem(draftStorageKey(userId)) ?? 'null',
    ) as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return EMPTY_DRAFT;
    const category = FEEDBACK_CATEGORIES.find((c) => c === raw.category);
    return {
      companyName: text(raw.companyName),
      websiteUrl: text(raw.websiteUrl),
      title: text(raw.title),
      description: text(raw.description),
      category: category ?? null,
      screenshot: keptFile(raw.screenshot),
      audio: keptFile(raw.audio),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Stores the draft, or forgets it when it holds nothing. */
export function writeDraft(userId: string, draft: FeedbackDraft): void {
  const empty = Object.values(draft).every(
    (v) => v === null || (typeof v === 'string' && v.trim() === ''),
  );
  try {
    if (empty) localStorage.removeItem(draftStorageKey(userId));
    else localStorage.setItem(draftStorageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, without a draft.
  }
}

/** The form's fields, restored from and saved to the user's draft. */
export function useFeedbackDraft(userId: string) {
  const [draft, setDraft] = useState(() => readDraft(userId));
  useEffect(() => writeDraft(userId, draft), [userId, draft]);
  return {
    draft,
    set: <K extends keyof FeedbackDraft>(key: K, value: FeedbackDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value })),
    /** After a successful submit. */
    clear: () => {
      setDraft(EMPTY_DRAFT);
      writeDraft(userId, EMPTY_DRAFT);
    },
  };
}
