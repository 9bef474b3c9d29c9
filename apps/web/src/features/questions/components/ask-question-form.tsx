/**
 * The Ask a Question form: editor, Edit/Preview, labels, tags, Cancel and Submit. What is
 * written is kept as this tab's draft until it is posted or discarded.
 */
import { AGE_RANGES, type AgeRange, GENDERS, type Gender } from '@dating/contract';
import { type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { FormActions } from '../../../components/ui/form.tsx';
import { GenderAgeFields } from '../../../components/ui/gender-age-fields.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { usePrepareProofOfWork } from '../../../hooks/use-prepare-proof-of-work.ts';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { announceAnonymousPost } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { draftChoice, draftKeys, draftString, readDraft } from '../../../lib/drafts.ts';
import { postQuestionErrorMessage } from '../../../lib/error-messages.ts';
import { isBlankHtml, textToHtml } from '../../../lib/html.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { showSupport } from '../../../lib/support-panel.ts';
import { useCreateQuestion } from '../api/create-question.ts';
import { useTags } from '../api/get-tags.ts';
import { tagListProblem } from '../lib/tag-messages.ts';
import styles from './ask-question-form.module.css';
import RichTextEditor from './rich-text-editor.tsx';
import { TagInput } from './tag-input.tsx';

interface AskValues {
  html: string;
  gender: Gender;
  age: AgeRange;
  tags: string[];
}

/** This tab's saved draft, if it holds anything. */
function storedDraft(): AskValues | null {
  const draft = readDraft(draftKeys.ask);
  if (!draft) return null;
  const tags = Array.isArray(draft.tags)
    ? draft.tags.filter((t): t is string => typeof t === 'string')
    : [];
  return {
    html: draftString(draft, 'html'),
    gender: draftChoice(draft, 'gender', GENDERS, 'U'),
    age: draftChoice(draft, 'age', AGE_RANGES, 'U'),
    tags,
  };
}

const worthKeeping = (v: AskValues) => !isBlankHtml(v.html) || v.tags.length > 0;

export interface AskQuestionFormProps {
  /** Text from the search box ('Post your question'); a saved draft wins over it. */
  initialText: string;
  onCancel: () => void;
  onPosted: () => void;
  /** Set while the form holds text of the visitor's own (closing it would lose that). */
  dirty: RefObject<boolean>;
}

export default function AskQuestionForm({
  initialText,
  onCancel,
  onPosted,
  dirty,
}: AskQuestionFormProps) {
  const [prefill] = useState(() => (initialText.trim() ? textToHtml(initialText) : ''));
  const [touched, setTouched] = useState(false);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const create = useCreateQuestion();
  usePrepareProofOfWork();
  const labelId = useId();
  const hintId = useId();

  const form = useForm<AskValues>({
    initialValues: () => {
      const draft = storedDraft();
      return draft && worthKeeping(draft)
        ? draft
        : { html: prefill, gender: 'U', age: 'U', tags: [] };
    },
    draftKey: draftKeys.ask,
    isDraft: worthKeeping,
    onSubmit: async (values, { idempotencyKey }) => {
      if (isBlankHtml(values.html)) {
        setTouched(true);
        toast.error(MSG.questionEmpty);
        return false;
      }
      if (tagListProblem(values.tags) || !requireSession()) return false;
      let posted: Awaited<ReturnType<typeof create.mutateAsync>>;
      try {
        posted = await create.mutateAsync({
          body: {
            text: values.html,
            tag_names: values.tags,
            gender: values.gender,
            age_range: values.age,
            ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
          },
          idempotencyKey,
        });
      } catch (error) {
        toast.error(postQuestionErrorMessage(error));
        return false;
      }
      toast.success(MSG.questionPosted);
      // A post about a crisis: the calm panel with support (the post is published as usual).
      showSupport(posted.support, { type: 'question', id: posted.id }, posted.language);
      // Posted with this tab's key: the app offers to keep it ("Keep access to this post").
      if (!viewer.signedIn) announceAnonymousPost({ type: 'question', id: posted.id });
      onPosted();
      return true;
    },
  });
  const { values, setValue } = form;
  const tags = useTags();
  // Most used first: the datalist shows them in this order.
  const tagSuggestions = useMemo(
    () => [...(tags.data ?? [])].sort((a, b) => b.count - a.count).map((tag) => tag.name),
    [tags.data],
  );
  const [initialHtml] = useState(values.html);
  const blank = isBlankHtml(values.html);

  useEffect(() => {
    dirty.current = !blank && values.html !== prefill;
  }, [dirty, blank, values.html, prefill]);

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <div className={styles.editorField}>
        <div className={styles.labelRow}>
          <span id={labelId} className={styles.label}>
            {TEXT.questionText}
          </span>
          <div className={styles.segmented}>
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
            // Opening Ask is to write: the editor has the focus, not the dialog's ×.
            autoFocus
            onChange={(html) => {
              setValue('html', html);
              setTouched(true);
            }}
          />
        </div>
        {mode === 'preview' && (
          <div className={styles.preview} data-testid="preview">
            {blank ? (
              <p className={styles.muted}>{TEXT.previewEmpty}</p>
            ) : (
              <SafeHtml html={values.html} />
            )}
          </div>
        )}
        {touched && blank && (
          <p id={hintId} className={fieldStyles.error} role="alert">
            {MSG.questionEmpty}
          </p>
        )}
      </div>
      <GenderAgeFields
        gender={values.gender}
        age={values.age}
        onGender={(gender) => setValue('gender', gender)}
        onAge={(age) => setValue('age', age)}
      />
      <TagInput
        tags={values.tags}
        suggestions={tagSuggestions}
        onChange={(tags) => setValue('tags', tags)}
      />
      <p className={styles.aboutLink}>
        {/* A tab of its own: the draft and the dialog stay as they are. */}
        <a href="/about" target="_blank" rel="noopener">
          {TEXT.howAnonymityWorks}
          <span className="visually-hidden"> {TEXT.opensInNewTab}</span>
        </a>
      </p>
      <FormActions>
        <button type="button" className={buttonClass()} onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={blank || form.pending || tagListProblem(values.tags) !== null}
        >
          {form.pending ? TEXT.submitting : TEXT.submit}
        </button>
      </FormActions>
    </form>
  );
}
