/** Every request the component makes is answered 200 with `body` as JSON. */
import { vi } from 'vitest';

export function answerEveryFetchWith(body: unknown): void {
  vi.spyOn(window, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}
