/**
 * Proof-of-work as forms and pages call it, its code (proof-of-work.ts) loaded on demand: a
 * form, or a page with like buttons, asks for it once it has mounted (usePrepareProofOfWork),
 * after the first screen has been drawn, so that a question's page does not carry it in its
 * first load; a write waits for it only when it has not come yet.
 */
const load = () => import('./proof-of-work.ts');

/** Loads the code and starts solving the next anonymous write's challenge (signed out). */
export function prepareProofOfWork(): void {
  load().then(
    (pow) => pow.prepareProofOfWork(),
    () => {
      // Tried again by the write itself.
    },
  );
}

/** proof-of-work.ts's withProofOfWork, once its code has come. */
export async function withProofOfWork<T>(
  send: (altcha: string | undefined) => Promise<T>,
): Promise<T> {
  const pow = await load();
  return pow.withProofOfWork(send);
}
