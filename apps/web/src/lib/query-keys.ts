/** Query keys shared by every feature, so a mutation in one invalidates another's data. */

export const queryKeys = {
  userStatus: ['user-status'] as const,
  tags: ['tags'] as const,
  questions: ['questions'] as const,
  questionLists: ['questions', 'list'] as const,
  questionList: (filters: object) => ['questions', 'list', filters] as const,
  question: (id: number) => ['questions', 'detail', id] as const,
  /**
   * Replies posted from this tab to a question: shown even when the page of the thread that
   * holds them is not loaded. Outside the question's key: reloading it keeps them.
   */
  postedReplies: (id: number) => ['posted-replies', id] as const,
  myAnswers: ['my-answers'] as const,
  reports: ['reports'] as const,
  /** The admin header's counts and the moderation log. */
  moderation: ['moderation'] as const,
  moderationSummary: ['moderation', 'summary'] as const,
  moderationLog: ['moderation', 'log'] as const,
  moderationSilences: ['moderation', 'silences'] as const,
  moderators: ['moderation', 'moderators'] as const,
  /** A private key's own posts (`GET /api/my/anonymous/`), by key. */
  anonymousPosts: ['anonymous-posts'] as const,
  /** The requester's inbox (account or key). */
  notifications: ['notifications'] as const,
  anonymousPostsOf: (key: string, limit: number) => ['anonymous-posts', key, limit] as const,
  /** The questions the requester follows (`GET /api/my/following/`), by identity. */
  following: ['following'] as const,
  followingOf: (who: string) => ['following', who] as const,
  /** A country's helplines for the support panel (`GET /api/safety/resources/?country=`). */
  helplines: (country: string) => ['helplines', country] as const,
};
