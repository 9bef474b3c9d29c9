import { TEXT } from '../../lib/messages.ts';
import { buttonClass } from './button.ts';
import { FormActions, TextAreaField } from './form.tsx';
import { PlainTextPersonalInfo } from './personal-info-note.tsx';

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
  return (
    <div>
      <TextAreaField
        label={label}
        rows={rows}
        value={value}
        autoFocus
        onChange={onChange}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <PlainTextPersonalInfo value={value} onChange={onChange} />
      <FormActions>
        <button type="button" className={buttonClass()} onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button type="button" className={buttonClass('primary')} disabled={saving} onClick={onSave}>
          {TEXT.save}
        </button>
      </FormActions>
    </div>
  );
}
