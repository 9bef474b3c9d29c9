/** The names of report reasons, crisis categories and system reports, in the page's language. */
import type { CrisisCategory, ReportReason, SystemReportSource } from '@dating/contract';
import { t } from './t.ts';

export const reportReasonLabel = (reason: ReportReason) => t('reportReasonLabel', { reason });

export const crisisCategoryLabel = (category: CrisisCategory) =>
  t('crisisCategoryLabel', { category });

export const systemReportLabel = (source: SystemReportSource) => t('systemReportLabel', { source });
