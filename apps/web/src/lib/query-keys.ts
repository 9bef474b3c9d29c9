/** Query keys shared by every feature, so a mutation in one invalidates another's data. */
export interface QuestionFilters {
  search?: string;
  tag?: string;
  gender?: string;
  age_range?: string;
  user_id?: number;
}

export const queryKeys = {
  userStatus: ['user-status'] as const,
  tags: ['tags'] as const,
  questions: ['questions'] as const,
  questionLists: ['questions', 'list'] as const,
  questionList: (filters: QuestionFilters) => ['questions', 'list', filters] as const,
  question: (id: number) => ['questions', 'detail', id] as const,
  myAnswers: ['my-answers'] as const,
  reports: ['reports'] as const,
};
