/** A read-only value (a private link, a code) with its label and a Copy button. */
import { useId, useRef } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { useToast } from '../../../components/ui/toast.tsx';
import { cx } from '../../../lib/cx.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { copyText } from '../lib/copy-text.ts';
import styles from './copy-field.module.css';

export function CopyField({
  label,
  value,
  copyLabel,
  copied,
  inline = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  /** Said once the value is on the clipboard. */
  copied: string;
  /** The label on the value's line (where height is scarce). */
  inline?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const onCopy = async () => {
    try {
      await copyText(value, input.current);
      toast.success(copied);
    } catch {
      input.current?.select();
      toast.error(KEY_TEXT.copyFailed);
    }
  };
  const labelElement = (
    <label htmlFor={id} className={cx(fieldStyles.label, inline && styles.inlineLabel)}>
      {label}
    </label>
  );
  return (
    <div className={cx(fieldStyles.field, inline && styles.inline)}>
      {!inline && labelElement}
      <div className={styles.row}>
        {inline && labelElement}
        <input
          ref={input}
          id={id}
          className={styles.value}
          value={value}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={buttonClass('default', 'small')}
          onClick={() => void onCopy()}
        >
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
