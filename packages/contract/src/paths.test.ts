import { describe, expect, it } from 'vitest';
import { MAX_ID } from './limits.ts';
import {
  answerOfHash,
  myQuestionPath,
  notificationPath,
  parseQuestionPath,
  questionPath,
} from './paths.ts';

describe('questionPath and parseQuestionPath', () => {
  it('build a question page, or one reply on it', () => {
    expect(questionPath(5)).toBe('/questions/5');
    expect(questionPath(5, null)).toBe('/questions/5');
    expect(questionPath(5, 9)).toBe('/questions/5#answer-9');
    expect(myQuestionPath(5)).toBe('/my/questions/5');
  });

  it('read back what questionPath builds', () => {
    for (const [id, answer] of [
      [1, null],
      [5, 9],
      [MAX_ID, MAX_ID],
    ] as const) {
      expect(parseQuestionPath(questionPath(id, answer))).toEqual({ id, answer });
    }
  });

  it('take a trailing slash and a query, and a fragment that is not a reply as none', () => {
    expect(parseQuestionPath('/questions/12/')).toEqual({ id: 12, answer: null });
    expect(parseQuestionPath('/questions/12?perspective_gender=W#answer-3')).toEqual({
      id: 12,
      answer: 3,
    });
    expect(parseQuestionPath('/questions/12#top')).toEqual({ id: 12, answer: null });
  });

  it('refuse every other address', () => {
    for (const path of [
      '/',
      '/questions/',
      '/questions/0',
      '/questions/012',
      '/questions/-1',
      '/questions/1.5',
      '/questions/abc',
      `/questions/${MAX_ID + 1}`,
      '/questions/12/answers',
      '/my/questions/12',
      'questions/12',
    ]) {
      expect(parseQuestionPath(path), path).toBeNull();
    }
  });

  it('read the reply of a fragment', () => {
    expect(answerOfHash('#answer-12')).toBe(12);
    expect(answerOfHash('#answer-0')).toBeNull();
    expect(answerOfHash('#answer-x')).toBeNull();
    expect(answerOfHash(`#answer-${MAX_ID + 1}`)).toBeNull();
    expect(answerOfHash('')).toBeNull();
  });
});

describe('notificationPath', () => {
  it("leads to the reply, the question (an update's), or the author's content", () => {
    expect(notificationPath('reply', 5, 9)).toBe('/questions/5#answer-9');
    expect(notificationPath('update', 5, 9)).toBe('/questions/5');
    expect(notificationPath('reply', 5, null)).toBe('/questions/5');
    expect(notificationPath('moderation', null, 9)).toBe('/my/content');
  });
});
