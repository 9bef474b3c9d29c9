/** Gender, age and text of a reply (the reply textarea has 2 to 4 rows, spec §9). */
import { type AgeRange, type Gender, LIMITS } from '@dating/contract';
import { useId } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TEXT } from '../../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS } from '../../../lib/options.ts';

export interface ReplyDraft {
  text: string;
  gender: Gender;
  age: AgeRange;
}

export const EMPTY_REPLY: ReplyDraft = { text: '', gender: 'U', age: 'U' };

export function ReplyFields({
  draft,
  onChange,
  rows,
  autoFocus,
}: {
  draft: ReplyDraft;
  onChange: (draft: ReplyDraft) => void;
  rows: 2 | 3 | 4;
  autoFocus?: boolean;
}) {
  const textId = useId();
  return (
    <>
      <div className="field-row">
        <SelectField
          label={TEXT.gender}
          value={draft.gender}
          options={GENDER_OPTIONS}
          onChange={(gender) => onChange({ ...draft, gender: gender || 'U' })}
        />
        <SelectField
          label={TEXT.ageGroup}
          value={draft.age}
          options={AGE_OPTIONS}
          onChange={(age) => onChange({ ...draft, age: age || 'U' })}
        />
      </div>
      <div className="field">
        <label htmlFor={textId}>{TEXT.replyText}</label>
        <textarea
          id={textId}
          rows={rows}
          maxLength={LIMITS.replyTextMax}
          value={draft.text}
          // biome-ignore lint/a11y/noAutofocus: opened on request by the Reply button
          autoFocus={autoFocus}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
        />
      </div>
    </>
  );
}
