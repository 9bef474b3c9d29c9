import { AGE_RANGES, GENDERS } from '@dating/contract';
import { AGE_RANGE_LABELS, GENDER_LABELS } from './messages.ts';

/** A select's option whose label is read when drawn, in the page's language (a getter). */
export function option<V extends string>(value: V, label: () => string) {
  return {
    value,
    get label() {
      return label();
    },
  };
}

export const GENDER_OPTIONS = GENDERS.map((value) => option(value, () => GENDER_LABELS[value]));
export const AGE_OPTIONS = AGE_RANGES.map((value) => option(value, () => AGE_RANGE_LABELS[value]));
