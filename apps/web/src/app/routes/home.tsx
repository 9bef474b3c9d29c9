import { QuestionFeed } from '../../features/questions/components/question-feed.tsx';
import { TEXT } from '../../lib/messages.ts';
import { useAskDialog } from '../ask-dialog-context.tsx';

export function HomeRoute() {
  const openAsk = useAskDialog();
  return (
    <>
      <title>{TEXT.brand}</title>
      <QuestionFeed onAsk={openAsk} />
    </>
  );
}
