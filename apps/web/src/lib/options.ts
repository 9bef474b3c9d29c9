import { AGE_RANGE_LABELS, AGE_RANGES, GENDER_LABELS, GENDERS } from '@dating/contract';

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
export const AGE_OPTIONS = AGE_RANGES.map((value) => ({ value, label: AGE_RANGE_LABELS[value] }));
