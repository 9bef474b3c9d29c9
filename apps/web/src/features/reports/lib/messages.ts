/**
 * The admin queue's words for "Acknowledge, keep" and the queue grouped per post: here, in
 * the admin page's own chunk, so that the home route does not carry them.
 */
export const QUEUE_TEXT = {
  byPost: 'By post',
  byPostHeading: 'Reports by post, worst first',
  // "Acknowledge, keep": a crisis flag seen, the post kept, nothing deleted.
  acknowledge: 'Acknowledge, keep',
  acknowledgeHint: 'Records that you saw this crisis flag and keeps the post. Nothing is deleted.',
  flagAcknowledged: 'Crisis flag acknowledged: the post stays.',
  // The queue grouped per post, worst first.
  priority: {
    hidden: 'Hidden by reports',
    crisis: 'Crisis flag',
    reported: 'Reported',
  },
  groupTitle: (type: 'question' | 'answer', id: number | null) =>
    `${type === 'question' ? 'Question' : 'Reply'}${id === null ? '' : ` #${id}`}`,
  reportCount: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  reasons: 'Reasons',
  groupApproved: (n: number) => `Content deleted; ${n === 1 ? '1 report' : `${n} reports`} closed.`,
  groupRejected: (n: number) => `Content kept; ${n === 1 ? '1 report' : `${n} reports`} closed.`,
} as const;
