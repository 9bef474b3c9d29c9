import { describe, expect, it } from 'vitest';
import { answerFromHash, notificationHref, notificationText, titleWithUnread } from './messages.ts';

describe('notification words', () => {
  it('say the kind, the count and who acted', () => {
    expect(notificationText({ kind: 'reply', count: 1, author_label: 'Anon 3' })).toBe(
      'New reply from Anon 3',
    );
    expect(notificationText({ kind: 'reply', count: 4, author_label: 'Asker' })).toBe(
      '4 new replies, the latest from Asker',
    );
    expect(notificationText({ kind: 'answer_reply', count: 1, author_label: 'Anon 1' })).toBe(
      'Anon 1 replied to your reply',
    );
    expect(notificationText({ kind: 'update', count: 2, author_label: 'Asker' })).toBe(
      'The asker updated a question you follow (2 updates)',
    );
    expect(notificationText({ kind: 'helped', count: 1, author_label: 'Asker' })).toBe(
      'The asker marked your reply "This helped"',
    );
    expect(notificationText({ kind: 'moderation', count: 1, author_label: null })).toBe(
      'Moderators acted on your post',
    );
  });

  it('open the reply in its thread, or the question, or nothing once it is gone', () => {
    expect(notificationHref({ question: 5, answer: 9 })).toBe('/questions/5#answer-9');
    expect(notificationHref({ question: 5, answer: null })).toBe('/questions/5');
    expect(notificationHref({ question: null, answer: 9 })).toBeNull();
  });

  it('read the reply an address points at', () => {
    expect(answerFromHash('#answer-12')).toBe(12);
    expect(answerFromHash('#answer-0')).toBeNull();
    expect(answerFromHash('#answer-x')).toBeNull();
    expect(answerFromHash('')).toBeNull();
  });

  it('put the unread count in front of the title once', () => {
    expect(titleWithUnread('Dating Advice', 3)).toBe('(3) Dating Advice');
    expect(titleWithUnread('(3) Dating Advice', 1)).toBe('(1) Dating Advice');
    expect(titleWithUnread('(3) Dating Advice', 0)).toBe('Dating Advice');
    expect(titleWithUnread('Dating Advice', null)).toBe('Dating Advice');
  });
});
