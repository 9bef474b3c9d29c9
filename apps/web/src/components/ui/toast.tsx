/** Toasts (spec §2: they vanish after 3 seconds) in accessible live regions. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { TEXT } from '../../lib/messages.ts';

export const TOAST_MS = 3000;

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

type Show = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<Show | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback<Show>(
    (message, kind = 'info') => {
      const id = nextId++;
      setToasts((list) => [...list, { id, message, kind }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );

  const render = (items: Toast[]) =>
    items.map((t) => (
      <div key={t.id} className={`toast toast-${t.kind}`}>
        <span>{t.message}</span>
        <button
          type="button"
          className="toast-close"
          aria-label={TEXT.dismiss}
          onClick={() => dismiss(t.id)}
        >
          ×
        </button>
      </div>
    ));

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section className="toasts" aria-label={TEXT.notifications}>
        <div role="status" aria-live="polite">
          {render(toasts.filter((t) => t.kind !== 'error'))}
        </div>
        <div role="alert" aria-live="assertive">
          {render(toasts.filter((t) => t.kind === 'error'))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return useMemo(
    () => ({
      success: (message: string) => show(message, 'success'),
      error: (message: string) => show(message, 'error'),
      info: (message: string) => show(message, 'info'),
    }),
    [show],
  );
}
