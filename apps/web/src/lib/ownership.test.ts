import { describe, expect, it } from 'vitest';
import { isOwner } from './ownership.ts';

const session = 'c0ffee00-1111-2222-3333-444455556666';

describe('isOwner', () => {
  it('matches the signed-in user by id', () => {
    expect(isOwner({ user: 7, session_id: null }, { userId: 7, sessionId: session })).toBe(true);
    expect(isOwner({ user: 8, session_id: null }, { userId: 7, sessionId: session })).toBe(false);
  });

  it('matches the anonymous session by id', () => {
    expect(isOwner({ user: null, session_id: session }, { userId: null, sessionId: session })).toBe(
      true,
    );
    expect(
      isOwner(
        { user: null, session_id: 'another-session-id-0000' },
        { userId: null, sessionId: session },
      ),
    ).toBe(false);
  });

  it('never matches on missing values', () => {
    expect(isOwner({ user: null, session_id: null }, { userId: null, sessionId: null })).toBe(
      false,
    );
    expect(isOwner({}, { userId: 1, sessionId: session })).toBe(false);
    expect(isOwner({ user: null, session_id: null }, { userId: 1, sessionId: session })).toBe(
      false,
    );
  });
});
