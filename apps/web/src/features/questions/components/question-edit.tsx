/**
 * The owner's edit of a question, in the same rich editor as the Ask dialog: the question's
 * formatting is kept (the server sanitizes the HTML it gets, as on posting). Save and Cancel;
 * Escape cancels too. The owner decides what an empty text means (spec §8's message).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { FormActions } from '../../../components/ui/form.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { TEXT } from '../../../lib/messages.ts';
import styles from './question-view.module.css';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export function QuestionEdit({
  initialHtml,
  saving,
  onSave,
  onCancel,
}: {
  initialHtml: string;
  saving: boolean;
  onSave: (html: string) => void;
  onCancel: () => void;
}) {
  const [html, setHtml] = useState(initialHtml);
  const labelId = useId();

  return (
    <fieldset
      className={styles.editFrame}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
      }}
    >
      <legend id={labelId} className={styles.editLabel}>
        {TEXT.editQuestion}
      </legend>
      <Suspense fallback={<StatusMessage>{TEXT.loadingEditor}</StatusMessage>}>
        <RichTextEditor
          initialHtml={initialHtml}
          labelledBy={labelId}
          autoFocus
          onChange={setHtml}
        />
      </Suspense>
      <FormActions>
        <button type="button" className={buttonClass()} onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={saving}
          onClick={() => onSave(html)}
        >
          {TEXT.save}
        </button>
      </FormActions>
    </fieldset>
  );
}
