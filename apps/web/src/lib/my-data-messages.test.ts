import { describe, expect, it } from 'vitest';
import { countsText, DATA_TEXT } from './my-data-messages.ts';

describe('the erasure confirmation', () => {
  it('names every count, singular or plural', () => {
    expect(
      countsText({
        questions: 1,
        answers: 2,
        updates: 0,
        follows: 1,
        notifications: 3,
        devices: 1,
      }),
    ).toBe('1 question, 2 replies, 0 updates, 1 follow, 3 notifications and 1 device');
    expect(
      DATA_TEXT.eraseConfirm({
        questions: 0,
        answers: 1,
        updates: 0,
        follows: 0,
        notifications: 0,
        devices: 0,
      }),
    ).toMatch(/^This erases 0 questions, 1 reply, /);
  });
});
