/**
 * The question page's perspective in the URL (`/questions/12?perspective_gender=W&perspective_age=26-35`),
 * the same names as the API's, so Back and Forward restore it and a copied address shows the
 * same replies. A value that does not read is dropped.
 */
import { AGE_RANGES, type AgeRange, GENDERS, type Gender } from '@dating/contract';

export interface Perspective {
  gender?: Gender;
  age?: AgeRange;
}

const GENDER_PARAM = 'perspective_gender';
const AGE_PARAM = 'perspective_age';

function oneOf<V extends string>(values: readonly V[], raw: string | null): V | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as V) : undefined;
}

export function readPerspective(query: URLSearchParams): Perspective {
  const gender = oneOf(GENDERS, query.get(GENDER_PARAM));
  const age = oneOf(AGE_RANGES, query.get(AGE_PARAM));
  return { ...(gender ? { gender } : {}), ...(age ? { age } : {}) };
}

export function isPerspective(perspective: Perspective): boolean {
  return perspective.gender !== undefined || perspective.age !== undefined;
}

/**
 * The address's query for a perspective, keeping whatever else `current` holds ('' when
 * nothing is left).
 */
export function perspectiveSearch(current: URLSearchParams, perspective: Perspective): string {
  const query = new URLSearchParams(current);
  query.delete(GENDER_PARAM);
  query.delete(AGE_PARAM);
  if (perspective.gender) query.set(GENDER_PARAM, perspective.gender);
  if (perspective.age) query.set(AGE_PARAM, perspective.age);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The parameters of `GET /api/questions/{id}/` for a perspective. */
export function perspectiveApiQuery(perspective: Perspective): Record<string, string> {
  return {
    ...(perspective.gender ? { [GENDER_PARAM]: perspective.gender } : {}),
    ...(perspective.age ? { [AGE_PARAM]: perspective.age } : {}),
  };
}
