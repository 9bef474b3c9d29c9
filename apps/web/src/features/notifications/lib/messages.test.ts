import { NOTIFICATION_KINDS, notificationPath } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import {
  NOTIFY,
  notificationHref,
  notificationText,
  questionWords,
  titleWithUnread,
} from './messages.ts';
import { PUSH } from './push-messages.ts';

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

  it('count in English as before, and in Spanish and Arabic with their plural forms', async () => {
    expect(NOTIFY.bellUnread(1)).toBe('Notifications, 1 unread');
    expect(NOTIFY.bellUnread(12)).toBe('Notifications, 12 unread');
    expect(NOTIFY.newReplies(1)).toBe('Show 1 new reply');
    expect(NOTIFY.newReplies(3)).toBe('Show 3 new replies');
    expect(NOTIFY.onQuestion('Call?')).toBe('On “Call?”');
    expect(notificationText({ kind: 'reply', count: 2, author_label: null })).toBe(
      '2 new replies, the latest from Someone',
    );
    expect(PUSH.turnOn).toBe('Notify me on this device');
    await loadLocale('es');
    await loadLocale('ar');
    try {
      activateLocale('es');
      expect(NOTIFY.newReplies(1)).toBe('Ver 1 respuesta nueva');
      expect(NOTIFY.newReplies(4)).toBe('Ver 4 respuestas nuevas');
      expect(notificationText({ kind: 'reply', count: 1, author_label: null })).toBe(
        'Nueva respuesta de Alguien',
      );
      // The thread's pseudonyms, which the server sends in English, in the page's language.
      expect(notificationText({ kind: 'reply', count: 1, author_label: 'Anon 3' })).toBe(
        'Nueva respuesta de Anónimo 3',
      );
      expect(notificationText({ kind: 'answer_reply', count: 1, author_label: 'Asker' })).toMatch(
        /^Quien pregunta /,
      );
      activateLocale('ar');
      expect([1, 2, 3, 11, 100].map((n) => NOTIFY.newReplies(n))).toEqual([
        'عرض ردّ جديد',
        'عرض ردّين جديدين',
        'عرض 3 ردود جديدة',
        'عرض 11 ردًّا جديدًا',
        'عرض 100 ردّ جديد',
      ]);
      for (const locale of ['en', 'es', 'ar'] as const) {
        activateLocale(locale);
        for (const kind of NOTIFICATION_KINDS) {
          for (const count of [1, 2, 5]) {
            const text = notificationText({ kind, count, author_label: 'Anon 3' });
            expect(text, `${locale} ${kind}`).not.toMatch(/^NOTIFY\./);
          }
        }
      }
    } finally {
      activateLocale('en');
    }
  });

  it("open the reply in its thread, or the question, or the author's content once it is gone", () => {
    expect(notificationHref({ kind: 'reply', question: 5, answer: 9 })).toBe(
      '/questions/5#answer-9',
    );
    expect(notificationHref({ kind: 'reply', question: 5, answer: null })).toBe('/questions/5');
    expect(notificationHref({ kind: 'moderation', question: null, answer: 9 })).toBe('/my/content');
  });

  it("open where the same notice's push opens, a notice without a question too", () => {
    const notices = [
      { kind: 'reply', question: 5, answer: 9 },
      { kind: 'update', question: 5, answer: 9 },
      { kind: 'moderation', question: null, answer: null },
      { kind: 'moderation', question: null, answer: 9 },
    ] as const;
    for (const notice of notices) {
      expect(notificationHref(notice)).toBe(
        notificationPath(notice.kind, notice.question, notice.answer),
      );
    }
  });

  it('put the unread count in front of the title once', () => {
    expect(titleWithUnread('Dating Advice', 3)).toBe('(3) Dating Advice');
    expect(titleWithUnread('(3) Dating Advice', 1)).toBe('(1) Dating Advice');
    expect(titleWithUnread('(3) Dating Advice', 0)).toBe('Dating Advice');
    expect(titleWithUnread('Dating Advice', null)).toBe('Dating Advice');
  });

  it("show a question's first words, with an ellipsis once they fill the server's excerpt", () => {
    expect(questionWords('Should I call her?')).toBe('Should I call her?');
    const full = `${'word '.repeat(27)}words`;
    expect([...full]).toHaveLength(140);
    expect(questionWords(full)).toBe(`${full}…`);
    expect(questionWords(`${'word '.repeat(28)}`)).toBe(`${'word '.repeat(27)}word…`);
  });
});
