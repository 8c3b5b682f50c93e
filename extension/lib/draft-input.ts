import { makeTitle } from '@shared/domain/feedback-analysis';
import {
  feedbackFormSchema,
  missingFieldsMessage,
} from '@shared/domain/validation/feedback';
import type { FeedbackCategory } from '@shared/domain/categories';
import {
  selectContext,
  type TechnicalContext,
} from '@shared/domain/technical-context';
import { technicalContextSchema } from '@shared/domain/validation/technical-context';
import type { FailureMessage } from './errors';
import type { Draft } from './storage';

/** Longest description the database accepts. */
const MAX_DESCRIPTION = 5000;

/** The feedback a draft becomes, before its screenshot is uploaded. */
export interface DraftFeedback {
  title: string;
  description: string;
  companyName: string;
  websiteUrl: string | null;
  category: FeedbackCategory;
  technicalContext: TechnicalContext | null;
}

/**
 * What of the draft's technical context is sent: nothing unless the user
 * included it, never an unticked line, and nothing of a shape the server
 * would refuse (a draft from an older version).
 */
export function contextToSend(draft: Draft): TechnicalContext | null {
  if (!draft.includeContext || !draft.context) return null;
  const parsed = technicalContextSchema.safeParse(draft.context);
  if (!parsed.success) return null;
  return selectContext(parsed.data, draft.excludedLines ?? []);
}

/**
 * Validates a draft with the shared feedback schema: the title defaults to
 * the first sentence of the text; the technical context goes apart
 * ({@link contextToSend}); only http(s) pages are sent as the website.
 */
export function draftToFeedback(
  draft: Draft,
): { ok: true; value: DraftFeedback } | { ok: false; failure: FailureMessage } {
  const text = draft.text.trim();
  const parsed = feedbackFormSchema.safeParse({
    companyName: draft.companyName,
    websiteUrl: /^https?:\/\//i.test(draft.url) ? draft.url : null,
    title: draft.title.trim() || (text ? makeTitle(text) : ''),
    description: text.slice(0, MAX_DESCRIPTION),
    category: draft.category,
  });
  if (!parsed.success) {
    // Name the field at fault: the popup's own words for what is empty
    // (the title falls back to the text, so "your feedback" covers both),
    // or the page's address when that is what the server would refuse.
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const missing = [
      ...(fields.has('companyName') ? ['the company name'] : []),
      ...(fields.has('description') || fields.has('title')
        ? ['your feedback']
        : []),
    ];
    const message =
      missing.length > 0
        ? missingFieldsMessage(missing)
        : {
            title: "This page's address can't be used",
            description: `${draft.url} is not a website address Peega can store.`,
          };
    return { ok: false, failure: { kind: 'invalid', ...message } };
  }
  return {
    ok: true,
    value: { ...parsed.data, technicalContext: contextToSend(draft) },
  };
}
