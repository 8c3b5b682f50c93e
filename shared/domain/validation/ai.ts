/**
 * The AI feedback processor (consumer spec §2 "AI feedback processor", §3
 * "Structured feedback", §5 "AI processor", §7 "process-feedback", §8 "AI
 * processing failure"; DECISIONS.md "AI processing").
 */

import { z } from 'zod';
import { FEEDBACK_CATEGORIES } from '../categories.ts';

/** Priorities of a structured feedback, most urgent first. */
export const FEEDBACK_PRIORITIES = ['high', 'medium', 'low'] as const;
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];

/** Sentiments of a structured feedback. */
export const FEEDBACK_SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export type FeedbackSentiment = (typeof FEEDBACK_SENTIMENTS)[number];

/** Longest raw text the processor accepts, in characters. */
export const AI_RAW_FEEDBACK_MAX = 20_000;

/** Error texts the processor answers with; the page shows them in red (§8). */
export const AI_MESSAGES = {
  /** §5: Process is disabled while blank; the server still refuses it. */
  empty: 'Please enter some feedback to process.',
  tooLong: `Feedback is too long (maximum ${AI_RAW_FEEDBACK_MAX.toLocaleString('en-US')} characters).`,
  invalidBody: 'Send a JSON body with rawFeedback.',
  /** §8: shown when the call failed without a returned error. */
  failed: 'Failed to process feedback',
  /** §8: shown when success is false without detail. */
  unknown: 'Unknown error occurred',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? null : t.slice(0, max);
    });

/**
 * Body of `process-feedback` (§7): `rawFeedback` required and non-blank
 * (trimmed; at most 20,000 characters), `feedbackType`, `companyName` and
 * `websiteUrl` optional (blank → null). A `feedbackType` naming one of the
 * four categories is the author's own choice and is kept as the category.
 */
export const processFeedbackRequestSchema = z.object({
  rawFeedback: z
    .string(AI_MESSAGES.empty)
    .trim()
    .min(1, AI_MESSAGES.empty)
    .max(AI_RAW_FEEDBACK_MAX, AI_MESSAGES.tooLong),
  feedbackType: optionalText(50),
  companyName: optionalText(200),
  websiteUrl: optionalText(2000),
});

export type ProcessFeedbackInput = z.input<typeof processFeedbackRequestSchema>;
export type ProcessFeedbackRequest = z.output<
  typeof processFeedbackRequestSchema
>;

/**
 * The structured feedback (§3) plus what Peega adds: `suggested_fix`,
 * `quality_score` (1 to 5), `language` (ISO 639-1 code, 'und' when unknown)
 * and `is_spam` (spam or empty of meaning: earns no XP, DECISIONS.md
 * "Daily XP cap"). Texts are bounded so that any provider's answer fits the
 * feedback table (title 200, description 5000, at most 10 tags of 40).
 */
export const structuredFeedbackSchema = z.object({
  title: z.string().trim().min(1).max(200),
  category: z.enum(FEEDBACK_CATEGORIES),
  priority: z.enum(FEEDBACK_PRIORITIES),
  sentiment: z.enum(FEEDBACK_SENTIMENTS),
  actionable: z.boolean(),
  description: z.string().trim().min(1).max(5000),
  tags: z.array(z.string().trim().min(1).max(40)).max(10),
  suggested_response: z.string().trim().min(1).max(2000),
  suggested_fix: z.string().trim().max(2000).nullable(),
  quality_score: z.number().int().min(1).max(5),
  language: z
    .string()
    .regex(/^([a-z]{2}|und)$/)
    .default('und'),
  is_spam: z.boolean().default(false),
  /** Why the text was flagged (placeholder, gibberish, repetition…), null when it was not. */
  spam_reason: z.string().max(40).nullable().default(null),
  /** Per tag, the words of the text that point to it (docs/ai.md, taxonomy). */
  tag_evidence: z
    .record(z.string().max(40), z.array(z.string().max(60)).max(10))
    .default({}),
});

export type StructuredFeedback = z.output<typeof structuredFeedbackSchema>;

/** Answer of `process-feedback` (§7): success, error, structuredFeedback. */
export const processFeedbackResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    error: z.null(),
    structuredFeedback: structuredFeedbackSchema,
  }),
  z.object({
    success: z.literal(false),
    error: z.string().nullable(),
    structuredFeedback: z.null(),
  }),
]);

export type ProcessFeedbackResponse = z.output<
  typeof processFeedbackResponseSchema
>;

/**
 * The red error line of the page (§8): the returned error, else
 * 'Unknown error occurred' when the answer says success false without
 * detail, else 'Failed to process feedback' (the call itself failed).
 */
export function aiErrorMessage(
  answer: { success?: boolean; error?: string | null } | null | undefined,
): string {
  const returned = answer?.error?.trim();
  if (returned) return returned;
  if (answer && answer.success === false) return AI_MESSAGES.unknown;
  return AI_MESSAGES.failed;
}
