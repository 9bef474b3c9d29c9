/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape closes it; focus returns to where it was.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { TEXT } from '../../lib/messages.ts';
import { useToastHost } from './toast.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog (the browser would move on to its own UI). */
function trapTab(dialog: HTMLElement, event: KeyboardEvent<HTMLElement>) {
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  describedBy?: string;
  showClose?: boolean;
}

export function Modal({
  open,
  onClose,
  title,
  children,
  role,
  className,
  describedBy,
  showClose = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open]);
  useToastHost(ref, open);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={role}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && ref.current) trapTab(ref.current, event);
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {showClose && (
          <button
            type="button"
            className="icon-button"
            aria-label={TEXT.close}
            onClick={() => onCloseRef.current()}
          >
            ×
          </button>
        )}
      </div>
      {children}
    </dialog>
  );
}
