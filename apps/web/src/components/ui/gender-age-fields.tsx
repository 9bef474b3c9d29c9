/**
 * The labels a question or reply carries, as its writer chooses to give them: gender and age
 * group, side by side. Clearing one means 'Unspecified'.
 */
import type { AgeRange, Gender } from '@dating/contract';
import { TEXT } from '../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS } from '../../lib/options.ts';
import { FieldRow } from './form.tsx';
import { SelectField } from './select-field.tsx';

export function GenderAgeFields({
  gender,
  age,
  onGender,
  onAge,
}: {
  gender: Gender;
  age: AgeRange;
  onGender: (gender: Gender) => void;
  onAge: (age: AgeRange) => void;
}) {
  return (
    <FieldRow>
      <SelectField
        label={TEXT.gender}
        value={gender}
        options={GENDER_OPTIONS}
        onChange={(value) => onGender(value || 'U')}
      />
      <SelectField
        label={TEXT.ageGroup}
        value={age}
        options={AGE_OPTIONS}
        onChange={(value) => onAge(value || 'U')}
      />
    </FieldRow>
  );
}
