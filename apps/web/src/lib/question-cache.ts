/** Writing a change the server confirmed into the cached question. */
import type { QuestionDetail } from '@dating/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/**
 * Patches the cached question with what the server just confirmed, after cancelling any read
 * of it still in flight: a read sent before the change committed would land after this write
 * and put the old state back. (A Follow pressed while the page's first read was out showed
 * "Follow" again, though the server followed.) A cancelled read keeps the data it would have
 * replaced, which the patch then changes.
 */
export async function patchCachedQuestion(
  queryClient: QueryClient,
  id: number,
  patch: (question: QuestionDetail) => QuestionDetail,
): Promise<void> {
  const queryKey = queryKeys.question(id);
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<QuestionDetail>(queryKey, (old) => (old ? patch(old) : old));
}
