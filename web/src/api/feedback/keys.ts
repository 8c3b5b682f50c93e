/** Query keys of feedback data; every query and invalidation uses them. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: (userId: string) => [...feedbackKeys.all, 'mine', userId] as const,
  // Per account: each row says whether it is the user's own.
  similarFor: (userId: string) =>
    [...feedbackKeys.all, 'similar', userId] as const,
  similar: (userId: string, websiteUrl: string, text: string) =>
    [...feedbackKeys.similarFor(userId), websiteUrl, text] as const,
  notifications: (userId: string) =>
    [...feedbackKeys.all, 'notifications', userId] as const,
  // #21: the companies' threads about the user's feedback.
  threads: (userId: string) =>
    [...feedbackKeys.all, 'threads', userId] as const,
};
