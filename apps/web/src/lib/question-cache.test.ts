import type { QuestionDetail } from '@dating/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { patchCachedQuestion } from './question-cache.ts';

// The fields the patch reads; the rest of a question plays no part here.
const question = (following: boolean) => ({ id: 7, following }) as unknown as QuestionDetail;

describe('patchCachedQuestion', () => {
  it('is not undone by a read of the question sent before the change committed', async () => {
    const queryClient = new QueryClient();
    const queryKey = queryKeys.question(7);
    queryClient.setQueryData(queryKey, question(false));
    let answerStaleRead: (value: QuestionDetail) => void = () => {};
    const staleRead = queryClient
      .fetchQuery({
        queryKey,
        queryFn: () =>
          new Promise<QuestionDetail>((resolve) => {
            answerStaleRead = resolve;
          }),
      })
      .catch(() => undefined);

    await patchCachedQuestion(queryClient, 7, (old) => ({ ...old, following: true }));
    answerStaleRead(question(false));

    await staleRead;
    expect(queryClient.getQueryData<QuestionDetail>(queryKey)?.following).toBe(true);
  });

  it('leaves a question that is not cached alone', async () => {
    const queryClient = new QueryClient();
    await patchCachedQuestion(queryClient, 7, (old) => ({ ...old, following: true }));
    expect(queryClient.getQueryData(queryKeys.question(7))).toBeUndefined();
  });
});
