/** Gender, age and text of a reply (the reply textarea has 2 to 4 rows, spec §9). */
import { AGE_RANGES, type AgeRange, GENDERS, type Gender, LIMITS } from '@dating/contract';
import { FieldRow, TextAreaField } from '../../../components/ui/form.tsx';
import { PlainTextPersonalInfo } from '../../../components/ui/personal-info-note.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { draftChoice, draftString, readDraft } from '../../../lib/drafts.ts';
import { TEXT } from '../../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS } from '../../../lib/options.ts';

export interface ReplyDraft {
  text: string;
  gender: Gender;
  age: AgeRange;
}

export const EMPTY_REPLY: ReplyDraft = { text: '', gender: 'U', age: 'U' };

/** The reply kept under this draft key, or an empty one. */
export function storedReply(key: string): ReplyDraft {
  const draft = readDraft(key);
  return {
    text: draftString(draft, 'text'),
    gender: draftChoice(draft, 'gender', GENDERS, 'U'),
    age: draftChoice(draft, 'age', AGE_RANGES, 'U'),
  };
}

export const replyWorthKeeping = (draft: ReplyDraft) => draft.text.trim() !== '';

export function ReplyFields({
  values,
  onChange,
  rows,
  autoFocus,
}: {
  values: ReplyDraft;
  onChange: <K extends keyof ReplyDraft>(key: K, value: ReplyDraft[K]) => void;
  rows: 2 | 3 | 4;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FieldRow>
        <SelectField
          label={TEXT.gender}
          value={values.gender}
          options={GENDER_OPTIONS}
          onChange={(gender) => onChange('gender', gender || 'U')}
        />
        <SelectField
          label={TEXT.ageGroup}
          value={values.age}
          options={AGE_OPTIONS}
          onChange={(age) => onChange('age', age || 'U')}
        />
      </FieldRow>
      <TextAreaField
        label={TEXT.replyText}
        rows={rows}
        maxLength={LIMITS.replyTextMax}
        value={values.text}
        autoFocus={autoFocus}
        onChange={(text) => onChange('text', text)}
      />
      <PlainTextPersonalInfo value={values.text} onChange={(text) => onChange('text', text)} />
    </>
  );
}
