import { API_MSG } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { type AuthUser, STRANGER, type Viewer } from '../auth/identity.ts';
import { ActivityMacs } from '../lib/activity-macs.ts';
import { hashSessionId } from '../lib/session-id.ts';
import {
  questionTextFor,
  recipientAsViewer,
  seesAsStranger,
  type ViewerFacts,
  visibleTo,
} from './ownership.ts';

const KEY = 'kQ2xV9pLm4Tz7RbN1cWy8D';
const keyViewer: Viewer = {
  user: null,
  sessionId: KEY,
  sessionHash: hashSessionId(KEY),
  activity: new ActivityMacs('secret').forKeyHash(hashSessionId(KEY)),
};
const user = (is_staff = false, is_moderator = false): Viewer => ({
  user: { id: 7, username: 'u', is_staff, is_moderator } satisfies AuthUser,
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

describe('visibleTo', () => {
  const hiddenAt = new Date('2026-01-01T00:00:00Z');
  const asker = { user_id: null, session_hash: hashSessionId(KEY), hidden_at: null };
  const reply = { ...someoneElse, hidden_at: null };
  const hiddenQuestion = { ...asker, hidden_at: hiddenAt };

  it('shows what is hidden from nobody to everybody', () => {
    for (const viewer of [STRANGER, keyViewer, user(), user(true)]) {
      expect(visibleTo(viewer, reply, asker)).toBe(true);
      expect(visibleTo(viewer, asker, asker)).toBe(true);
    }
  });

  it('shows a hidden reply only to its author and admins', () => {
    const hidden = { ...reply, hidden_at: hiddenAt };
    expect(visibleTo(STRANGER, hidden, asker)).toBe(false);
    // The asker of its question is nobody special to it.
    expect(visibleTo(keyViewer, hidden, asker)).toBe(false);
    expect(visibleTo(user(true), hidden, asker)).toBe(true);
    // A moderator reviews hidden posts, so sees them as admins do.
    expect(visibleTo(user(false, true), hidden, asker)).toBe(true);
    const author = {
      ...user(),
      user: { id: 8, username: 'v', is_staff: false, is_moderator: false },
    };
    expect(visibleTo(author, hidden, asker)).toBe(true);
  });

  it('shows everything under a hidden question only to its asker, admins and each its own', () => {
    expect(visibleTo(STRANGER, reply, hiddenQuestion)).toBe(false);
    expect(visibleTo(user(), reply, hiddenQuestion)).toBe(false);
    expect(visibleTo(keyViewer, reply, hiddenQuestion)).toBe(true);
    expect(visibleTo(keyViewer, hiddenQuestion, hiddenQuestion)).toBe(true);
    expect(visibleTo(user(true), reply, hiddenQuestion)).toBe(true);
    const author = {
      ...user(),
      user: { id: 8, username: 'v', is_staff: false, is_moderator: false },
    };
    expect(visibleTo(author, reply, hiddenQuestion)).toBe(true);
    expect(visibleTo(author, hiddenQuestion, hiddenQuestion)).toBe(false);
  });

  it("reads an inbox's owner as who they are, never as an admin", () => {
    const staffRecipient = recipientAsViewer({ user_id: 7, session_hash: null });
    expect(staffRecipient.user?.is_staff).toBe(false);
    expect(visibleTo(staffRecipient, reply, hiddenQuestion)).toBe(false);
    const key = recipientAsViewer({ user_id: null, session_hash: hashSessionId(KEY) });
    expect(visibleTo(key, reply, hiddenQuestion)).toBe(true);
  });

  it("gives a hidden question's notice in place of its text to those it is hidden from", () => {
    const question = { ...hiddenQuestion, text: 'the text' };
    expect(questionTextFor(user(), question)).toBe(API_MSG.hiddenQuestion);
    expect(questionTextFor(keyViewer, question)).toBe('the text');
    expect(questionTextFor(user(), { ...question, hidden_at: null })).toBe('the text');
  });
});
