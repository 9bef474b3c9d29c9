/** Gender, age and text of a reply (the reply textarea has 2 to 4 rows, spec §9). */
import { AGE_RANGES, type AgeRange, GENDERS, type Gender, LIMITS } from '@dating/contract';
import { TextAreaField } from '../../../components/ui/form.tsx';
import { GenderAgeFields } from '../../../components/ui/gender-age-fields.tsx';
import { PlainTextPersonalInfo } from '../../../components/ui/personal-info-note.tsx';
import { draftChoice, draftString, readDraft } from '../../../lib/drafts.ts';
import { TEXT } from '../../../lib/messages.ts';

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
      <GenderAgeFields
        gender={values.gender}
        age={values.age}
        onGender={(gender) => onChange('gender', gender)}
        onAge={(age) => onChange('age', age)}
      />
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
