/**
 * Toasts (spec §2: they vanish after 3 seconds) in accessible live regions. While a modal
 * dialog is open the rest of the page is inert, so the regions move into that dialog
 * (its toast host) to stay readable, clickable and announced.
 */
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
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

/** Adds an open dialog as the place toasts show in; returns its removal. */
type AddHost = (host: HTMLElement) => () => void;
const ToastHostContext = createContext<AddHost | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [hosts, setHosts] = useState<HTMLElement[]>([]);

  const addHost = useCallback<AddHost>((host) => {
    setHosts((list) => [...list, host]);
    return () => setHosts((list) => list.filter((h) => h !== host));
  }, []);

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

  const regions = (
    <section className="toasts" aria-label={TEXT.notifications}>
      <div role="status" aria-live="polite">
        {render(toasts.filter((t) => t.kind !== 'error'))}
      </div>
      <div role="alert" aria-live="assertive">
        {render(toasts.filter((t) => t.kind === 'error'))}
      </div>
    </section>
  );
  const host = hosts.at(-1);

  return (
    <ToastContext.Provider value={show}>
      <ToastHostContext.Provider value={addHost}>
        {children}
        {host ? createPortal(regions, host) : regions}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

/** While `active`, toasts show inside this element (an open modal dialog). */
export function useToastHost(ref: RefObject<HTMLElement | null>, active: boolean) {
  const addHost = useContext(ToastHostContext);
  useEffect(() => {
    const host = ref.current;
    if (!addHost || !host || !active) return;
    return addHost(host);
  }, [addHost, ref, active]);
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
