import { describe, expect, it } from 'vitest';
import {
  isPerspective,
  perspectiveApiQuery,
  perspectiveSearch,
  readPerspective,
} from './perspective-params.ts';

describe('perspective in the URL', () => {
  it('reads both, either or none, dropping values that do not read', () => {
    expect(
      readPerspective(new URLSearchParams('perspective_gender=W&perspective_age=26-35')),
    ).toEqual({ gender: 'W', age: '26-35' });
    expect(readPerspective(new URLSearchParams('perspective_age=45%2B'))).toEqual({ age: '45+' });
    expect(readPerspective(new URLSearchParams('perspective_gender=X&perspective_age=99'))).toEqual(
      {},
    );
    expect(isPerspective({})).toBe(false);
    expect(isPerspective({ gender: 'NB' })).toBe(true);
  });

  it('writes a perspective, keeping the rest of the query, and clears it', () => {
    const current = new URLSearchParams('x=1&perspective_gender=M');
    expect(perspectiveSearch(current, { gender: 'W', age: '18-25' })).toBe(
      '?x=1&perspective_gender=W&perspective_age=18-25',
    );
    expect(perspectiveSearch(current, {})).toBe('?x=1');
    expect(perspectiveSearch(new URLSearchParams('perspective_age=U'), {})).toBe('');
  });

  it('round-trips through the address', () => {
    const search = perspectiveSearch(new URLSearchParams(), { gender: 'U', age: '45+' });
    expect(readPerspective(new URLSearchParams(search))).toEqual({ gender: 'U', age: '45+' });
  });

  it('gives the API the same names', () => {
    expect(perspectiveApiQuery({ gender: 'W', age: '26-35' })).toEqual({
      perspective_gender: 'W',
      perspective_age: '26-35',
    });
    expect(perspectiveApiQuery({})).toEqual({});
  });
});
