/**
 * Feedback form (consumer spec §2 "Submit feedback", §3 "Feedback on
 * insert", §5 "Submit feedback").
 */

import { z } from 'zod';
import {
  DEFAULT_FEEDBACK_CATEGORY,
  FEEDBACK_CATEGORIES,
} from '../categories.ts';
import { optionalWebsiteUrlSchema } from './fields.ts';
import { FEEDBACK_MISSING_INFORMATION } from './messages.ts';

const MISSING = FEEDBACK_MISSING_INFORMATION.description;

/** A required text of the form: trimmed, non-empty. */
const requiredText = z.string(MISSING).trim().min(1, MISSING);

/** The longest description the database takes (its check constraint). */
export const FEEDBACK_DESCRIPTION_MAX = 5000;
/** Said instead of cutting a longer description (#40 item 18). */
export const FEEDBACK_DESCRIPTION_TOO_LONG =
  'Feedback descriptions are at most 5,000 characters long.';

/**
 * Characters left, shown from 4,000 on so the limit is seen before it is
 * met; null below. `(4200)` → `'4,200 / 5,000 characters'`.
 */
export function descriptionCounter(length: number): string | null {
  if (length < FEEDBACK_DESCRIPTION_MAX - 1000) return null;
  const fmt = (n: number) => n.toLocaleString('en');
  return `${fmt(length)} / ${fmt(FEEDBACK_DESCRIPTION_MAX)} characters`;
}

/**
 * Feedback form: company name, title and description required (trimmed);
 * any missing → 'Please fill in title, description, and company name.'
 * (toast title 'Missing information'). Website URL optional, null when
 * blank, must be a valid http(s) URL ('https://' added when no scheme).
 * Category one of bug, feature, improvement, other; none selected → 'other'.
 */
export const feedbackFormSchema = z.object({
  companyName: requiredText,
  websiteUrl: optionalWebsiteUrlSchema,
  title: requiredText,
  description: requiredText.max(
    FEEDBACK_DESCRIPTION_MAX,
    FEEDBACK_DESCRIPTION_TOO_LONG,
  ),
  category: z
    .enum(FEEDBACK_CATEGORIES)
    .nullish()
    .transform((category) => category ?? DEFAULT_FEEDBACK_CATEGORY),
});

/** Values of the feedback form. */
export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;

/** Parsed feedback form, ready for insert. */
export type FeedbackForm = z.output<typeof feedbackFormSchema>;

/** Fields of the feedback form that can be missing, in the form's order. */
export const REQUIRED_FEEDBACK_FIELDS = [
  'companyName',
  'title',
  'description',
] as const;

/**
 * "Missing information" naming exactly the fields that are empty, with the
 * form's own words for them (the extension has no title or description
 * field: it asks for the company and "your feedback"). `['the company
 * name', 'your feedback']` → 'Please fill in the company name and your
 * feedback.'.
 */
export function missingFieldsMessage(labels: readonly string[]): {
  title: string;
  description: string;
} {
  const list =
    labels.length <= 1
      ? (labels[0] ?? '')
      : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  return {
    title: FEEDBACK_MISSING_INFORMATION.title,
    description: `Please fill in ${list}.`,
  };
}
