/**
 * The conversation between a company and the anonymous author of a feedback
 * (#21). The database enforces every number here (length, rate limits, XP);
 * the screens show the same ones.
 */

/** Longest message, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;

/** Messages a company account may post per 10 minutes. */
export const COMPANY_MESSAGES_PER_WINDOW = 30;

/** Answers an author may post per 10 minutes. */
export const AUTHOR_MESSAGES_PER_WINDOW = 20;

/** Shown under both composers: what the other side never receives. */
export const MESSAGE_PRIVACY_HINT =
  'Plain text only. E-mail addresses and phone numbers are hidden.';

/** Shown to a company above its composer. */
export const COMPANY_THREAD_HINT =
  'The author stays anonymous: they see your company name, never yours.';

/** Title of the thread in the company's detail modal. */
export const COMPANY_THREAD_TITLE = 'Conversation with the author';

/** Title of the author's thread with one company. */
export function authorThreadTitle(companyName: string): string {
  return `Conversation with ${companyName}`;
}

/** The author's notification line for a company's new question. */
export function companyMessageNotice(
  companyName: string,
  feedbackTitle: string,
): string {
  return `${companyName} asked you about “${feedbackTitle}”`;
}

/** Characters left, for the composers' counter. */
export function messageCharsLeft(body: string): number {
  return MESSAGE_MAX_LENGTH - body.trim().length;
}

/** True when a message may be sent: not blank and not too long. */
export function isSendableMessage(body: string): boolean {
  const length = body.trim().length;
  return length > 0 && length <= MESSAGE_MAX_LENGTH;
}
