import { describe, expect, it } from 'vitest';
import { timeAgo } from './labels.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-26T23:30:00Z');

  it('says how long ago, for the last week', () => {
    expect(timeAgo('2026-11-26T23:29:30Z', now)).toBe('30 seconds ago');
    expect(timeAgo('2026-11-26T21:30:00Z', now, 'UTC')).toBe('2 hours ago');
  });

  it("dates older posts: in UTC for the server's drawing, whatever the browser's zone", () => {
    expect(timeAgo('2026-11-01T23:30:00Z', now, 'UTC')).toBe('Nov 1, 2026, 11:30 PM');
  });
});
