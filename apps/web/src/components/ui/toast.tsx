/**
 * Toasts (spec §2: they vanish after 3 seconds) in accessible live regions. At most two
 * show at once, the newest on top. While a modal dialog is open the rest of the page is
 * inert, so the regions move into that dialog (its toast slot) to stay readable, clickable
 * and announced.
 */
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx.ts';
import { TEXT } from '../../lib/messages.ts';
import styles from './toast.module.css';

export const TOAST_MS = 3000;
/** How many toasts show at once; an older one gives way to a newer one. */
export const TOAST_MAX = 2;

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

type Show = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<Show | null>(null);

/** Adds an open dialog's slot as the place toasts show in; returns its removal. */
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
      setToasts((list) => [...list, { id, message, kind }].slice(-TOAST_MAX));
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );

  // Newest first within each region; the region holding the newest toast goes on top.
  const newest = toasts.at(-1);
  const region = (errors: boolean) => {
    const items = toasts.filter((t) => (t.kind === 'error') === errors).reverse();
    return (
      <div
        role={errors ? 'alert' : 'status'}
        aria-live={errors ? 'assertive' : 'polite'}
        className={cx(styles.region, (newest?.kind === 'error') === errors && styles.newest)}
      >
        {items.map((t) => (
          <div
            key={t.id}
            className={cx(
              styles.toast,
              t.kind === 'error' && styles.error,
              t.kind === 'success' && styles.success,
            )}
            data-testid="toast"
          >
            <span>{t.message}</span>
            <button
              type="button"
              className={styles.close}
              aria-label={TEXT.dismiss}
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    );
  };
  const host = hosts.at(-1);
  const regions = (
    <section className={cx(styles.toasts, host && styles.inDialog)} aria-label={TEXT.notifications}>
      {region(false)}
      {region(true)}
    </section>
  );

  return (
    <ToastContext.Provider value={show}>
      <ToastHostContext.Provider value={addHost}>
        {children}
        {host ? createPortal(regions, host) : regions}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * While `active`, toasts show inside this element (an open modal dialog's toast slot). A
 * layout effect, so that a toast moves in the same commit as the dialog opens or closes:
 * with an effect run after the paint, a toast shown as its dialog closed (a report's thanks)
 * left the page with the dialog and came back a frame later.
 */
export function useToastHost(ref: RefObject<HTMLElement | null>, active: boolean) {
  const addHost = useContext(ToastHostContext);
  useLayoutEffect(() => {
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
