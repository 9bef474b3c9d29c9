/** The Ask a Question form: editor, Edit/Preview, labels, tags, Cancel and Submit. */
import type { AgeRange, Gender } from '@dating/contract';
import { useId, useState } from 'react';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { postQuestionErrorMessage } from '../../../lib/error-messages.ts';
import { isBlankHtml, textToHtml } from '../../../lib/html.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS } from '../../../lib/options.ts';
import { useCreateQuestion } from '../api/create-question.ts';
import RichTextEditor from './rich-text-editor.tsx';
import { TagInput } from './tag-input.tsx';

export interface AskQuestionFormProps {
  initialText: string;
  onDone: () => void;
}

export default function AskQuestionForm({ initialText, onDone }: AskQuestionFormProps) {
  const [initialHtml] = useState(() => (initialText.trim() ? textToHtml(initialText) : ''));
  const [html, setHtml] = useState(initialHtml);
  const [touched, setTouched] = useState(false);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [gender, setGender] = useState<Gender>('U');
  const [age, setAge] = useState<AgeRange>('U');
  const [tags, setTags] = useState<string[]>([]);
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const create = useCreateQuestion();
  const labelId = useId();
  const hintId = useId();
  const blank = isBlankHtml(html);

  const submit = () => {
    if (blank) {
      setTouched(true);
      toast.error(MSG.questionEmpty);
      return;
    }
    if (!requireSession()) return;
    create.mutate(
      {
        text: html,
        tag_names: tags,
        gender,
        age_range: age,
        ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
      },
      {
        onSuccess: () => {
          toast.success(MSG.questionPosted);
          onDone();
        },
        onError: (error) => toast.error(postQuestionErrorMessage(error)),
      },
    );
  };

  return (
    <form
      className="ask-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <div className="editor-label-row">
          <span id={labelId} className="label">
            {TEXT.questionText}
          </span>
          <div className="segmented">
            <button type="button" aria-pressed={mode === 'edit'} onClick={() => setMode('edit')}>
              {TEXT.edit}
            </button>
            <button
              type="button"
              aria-pressed={mode === 'preview'}
              onClick={() => setMode('preview')}
            >
              {TEXT.preview}
            </button>
          </div>
        </div>
        <div hidden={mode !== 'edit'}>
          <RichTextEditor
            initialHtml={initialHtml}
            labelledBy={labelId}
            describedBy={touched && blank ? hintId : undefined}
            onChange={(value) => {
              setHtml(value);
              setTouched(true);
            }}
          />
        </div>
        {mode === 'preview' && (
          <div className="preview">
            {blank ? <p className="muted">{TEXT.previewEmpty}</p> : <SafeHtml html={html} />}
          </div>
        )}
        {touched && blank && (
          <p id={hintId} className="field-error" role="alert">
            {MSG.questionEmpty}
          </p>
        )}
      </div>
      <div className="field-row">
        <SelectField
          label={TEXT.gender}
          value={gender}
          options={GENDER_OPTIONS}
          onChange={(v) => setGender(v || 'U')}
        />
        <SelectField
          label={TEXT.ageGroup}
          value={age}
          options={AGE_OPTIONS}
          onChange={(v) => setAge(v || 'U')}
        />
      </div>
      <TagInput tags={tags} onChange={setTags} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone}>
          {TEXT.cancel}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={blank || create.isPending}
        >
          {create.isPending ? TEXT.submitting : TEXT.submit}
        </button>
      </div>
    </form>
  );
}
