/**
 * The dialog (modal.tsx) for what every page may open but few do (the confirmations, the Ask
 * dialog, a report): its code comes when one first opens, or earlier with `prefetchModal`.
 * A closed dialog draws nothing, so the first screen is the same without it.
 */
import { lazy, Suspense } from 'react';
import type { ModalProps } from './modal.tsx';

const loadModal = () => import('./modal.tsx');
const LoadedModal = lazy(async () => ({ default: (await loadModal()).Modal }));

let prefetched = false;
/** Loads the dialog's code ahead of its first opening (once). */
export function prefetchModal(): void {
  if (prefetched) return;
  prefetched = true;
  loadModal().catch(() => {
    prefetched = false;
  });
}

export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}
