/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape closes it; focus returns to where it was.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { TEXT } from '../../lib/messages.ts';
import { iconButtonClass } from './button.ts';
import styles from './modal.module.css';
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

export interface ModalProps {
  open: boolean;
  /** The visitor asks to close (×, Escape, the backdrop); the owner may ask first. */
  onClose: () => void;
  /** The browser closed the dialog by itself (it may, on repeated Escape): it is closed. */
  onDismiss?: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** A narrow dialog (confirmations). */
  size?: 'normal' | 'narrow';
  describedBy?: string;
  showClose?: boolean;
}

export function Modal({
  open,
  onClose,
  onDismiss,
  title,
  children,
  role,
  size = 'normal',
  describedBy,
  showClose = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const toastSlot = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onDismissRef = useRef(onDismiss ?? onClose);
  onDismissRef.current = onDismiss ?? onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const dismissed = () => onDismissRef.current();
    // A click on the backdrop lands on the dialog itself, outside its box; a press that
    // starts inside (selecting text) and ends outside is not one.
    let pressedOutside = false;
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      return (
        event.clientX < box.left ||
        event.clientX > box.right ||
        event.clientY < box.top ||
        event.clientY > box.bottom
      );
    };
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = outside(event);
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOutside && outside(event)) onCloseRef.current();
      pressedOutside = false;
    };
    dialog.addEventListener('close', dismissed);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', dismissed);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open]);
  useToastHost(toastSlot, open);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={cx(styles.modal, size === 'narrow' && styles.narrow)}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      role={role}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && ref.current) trapTab(ref.current, event);
        // The rich text editor (ProseMirror) swallows Escape, so the browser never cancels
        // the dialog from it: Escape there closes it as anywhere else.
        if (
          event.key === 'Escape' &&
          event.target instanceof HTMLElement &&
          event.target.isContentEditable
        ) {
          onCloseRef.current();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {showClose && (
          <button
            type="button"
            className={iconButtonClass}
            aria-label={TEXT.close}
            onClick={() => onCloseRef.current()}
          >
            ×
          </button>
        )}
      </div>
      <div ref={toastSlot} className={styles.toastSlot} />
      {children}
    </dialog>
  );
}
