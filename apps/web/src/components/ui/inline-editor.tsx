import { useId } from 'react';
import { TEXT } from '../../lib/messages.ts';

interface InlineEditorProps {
  label: string;
  value: string;
  rows: number;
  saving: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Plain-text editing in place, with Save and Cancel (spec §2); Escape cancels too. */
export function InlineEditor({
  label,
  value,
  rows,
  saving,
  onChange,
  onSave,
  onCancel,
}: InlineEditorProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: opened on request by the Edit button
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button type="button" className="button button-primary" disabled={saving} onClick={onSave}>
          {TEXT.save}
        </button>
      </div>
    </div>
  );
}
