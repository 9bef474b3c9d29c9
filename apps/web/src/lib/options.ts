import {
  AGE_RANGE_LABELS,
  AGE_RANGES,
  type AgeRange,
  GENDER_LABELS,
  GENDERS,
  type Gender,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '@dating/contract';

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
export const AGE_OPTIONS = AGE_RANGES.map((value) => ({ value, label: AGE_RANGE_LABELS[value] }));
export const REASON_OPTIONS = REPORT_REASONS.map((value) => ({
  value,
  label: REPORT_REASON_LABELS[value],
}));

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

export function isAgeRange(value: string): value is AgeRange {
  return (AGE_RANGES as readonly string[]).includes(value);
}
