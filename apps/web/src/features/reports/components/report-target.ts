/** What a report is about: a question or an answer, by id. */
export interface ReportTarget {
  type: 'question' | 'answer';
  id: number;
}
