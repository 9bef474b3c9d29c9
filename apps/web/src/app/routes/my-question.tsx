import { QuestionPage } from './question-page.tsx';

export function MyQuestionRoute() {
  return <QuestionPage ownerView />;
}
