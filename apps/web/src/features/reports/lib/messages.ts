/**
 * The admin queue's words for "Acknowledge, keep" and the queue grouped per post, in the
 * page's language: here, in the admin page's own chunk, so that the home route does not
 * carry them. Read them while drawing.
 */
import type { ReportGroup } from '@dating/contract';
import { t, texts } from '../../../locales/moderation/index.ts';

export const QUEUE_TEXT = texts(
  {
    byPost: 'queueByPost',
    byPostHeading: 'queueByPostHeading',
    // "Acknowledge, keep": a crisis flag seen, the post kept, nothing deleted.
    acknowledge: 'queueAcknowledge',
    acknowledgeHint: 'queueAcknowledgeHint',
    flagAcknowledged: 'queueFlagAcknowledged',
    reasons: 'queueReasons',
  },
  {
    // The queue grouped per post, worst first.
    priority: (priority: ReportGroup['priority']) => t('queuePriority', { priority }),
    groupTitle: (type: 'question' | 'answer', id: number | null) =>
      t(type === 'question' ? 'queueGroupQuestion' : 'queueGroupReply', { id: id ?? 'none' }),
    reportCount: (n: number) => t('queueReportCount', { n }),
    groupApproved: (n: number) => t('queueGroupApproved', { n }),
    groupRejected: (n: number) => t('queueGroupRejected', { n }),
  },
);
