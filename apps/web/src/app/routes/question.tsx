import { QuestionPage } from './question-page.tsx';

export function QuestionRoute() {
  return <QuestionPage ownerView={false} />;
}
