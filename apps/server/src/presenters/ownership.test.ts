import { describe, expect, it } from 'vitest';
import { type AuthUser, STRANGER, type Viewer } from '../auth/identity.ts';
import { ActivityMacs } from '../lib/activity-macs.ts';
import { hashSessionId } from '../lib/session-id.ts';
import { seesAsStranger, type ViewerFacts } from './ownership.ts';

const KEY = 'kQ2xV9pLm4Tz7RbN1cWy8D';
const keyViewer: Viewer = {
  user: null,
  sessionId: KEY,
  sessionHash: hashSessionId(KEY),
  activity: new ActivityMacs('secret').forKeyHash(hashSessionId(KEY)),
};
const user = (is_staff = false): Viewer => ({
  user: { id: 7, username: 'u', is_staff } satisfies AuthUser,
  sessionId: null,
  sessionHash: null,
  activity: null,
});
const someoneElse = { user_id: 8, session_hash: hashSessionId('z'.repeat(22)) };
const nothing: ViewerFacts = {
  posts: [someoneElse],
  likesAny: false,
  ownsHidden: false,
  follows: false,
};

describe('seesAsStranger', () => {
  it('holds for nobody, whatever the content', () => {
    const everything = { posts: [], likesAny: true, ownsHidden: true, follows: true };
    expect(seesAsStranger(STRANGER, everything)).toBe(true);
  });

  it('holds for a key or an account with no part in the content', () => {
    expect(seesAsStranger(keyViewer, nothing)).toBe(true);
    expect(seesAsStranger(user(), nothing)).toBe(true);
  });

  it('never holds for an admin, who sees hidden posts whole', () => {
    expect(seesAsStranger(user(true), nothing)).toBe(false);
  });

  // Every fact a response can differ by: each alone makes the viewer no stranger. A new
  // per-viewer field of a response is a new fact, and a new row here.
  const facts: [string, Partial<ViewerFacts>][] = [
    [
      'wrote a post (key)',
      { posts: [someoneElse, { user_id: null, session_hash: hashSessionId(KEY) }] },
    ],
    ['wrote a post (account)', { posts: [{ user_id: 7, session_hash: null }] }],
    ['likes something', { likesAny: true }],
    ['owns a hidden post', { ownsHidden: true }],
    ['follows the question', { follows: true }],
  ];
  for (const [name, fact] of facts) {
    it(`does not hold for a viewer who ${name}`, () => {
      const viewer = name.endsWith('(account)') ? user() : keyViewer;
      expect(seesAsStranger(viewer, { ...nothing, ...fact })).toBe(false);
    });
  }
});
