/** Query keys of feedback data; every query and invalidation uses them. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: (userId: string) => [...feedbackKeys.all, 'mine', userId] as const,
  similar: (websiteUrl: string, text: string) =>
    [...feedbackKeys.all, 'similar', websiteUrl, text] as const,
  notifications: (userId: string) =>
    [...feedbackKeys.all, 'notifications', userId] as const,
};
