import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  formErrors,
  isRepeatReport,
  likeErrorMessage,
  postQuestionErrorMessage,
  reportErrorMessage,
  submitReplyErrorMessage,
} from './error-messages.ts';
import { API_MSG, MSG } from './messages.ts';

describe('posting errors (spec §8)', () => {
  it('a 400 with a session_id error shows Error: {text}', () => {
    const error = new ApiError(400, { session_id: [API_MSG.sessionInvalid] });
    expect(postQuestionErrorMessage(error)).toBe(`Error: ${API_MSG.sessionInvalid}`);
    expect(submitReplyErrorMessage(error)).toBe(`Error: ${API_MSG.sessionInvalid}`);
  });

  it('a detail shows Failed to post question: {text}', () => {
    const error = new ApiError(429, { detail: 'Too many requests.' });
    expect(postQuestionErrorMessage(error)).toBe('Failed to post question: Too many requests.');
    expect(submitReplyErrorMessage(error)).toBe('Failed to submit reply: Too many requests.');
  });

  it('an error field or another field error is shown with the prefix', () => {
    expect(postQuestionErrorMessage(new ApiError(400, { error: 'Boom' }))).toBe(
      'Failed to post question: Boom',
    );
    expect(postQuestionErrorMessage(new ApiError(400, { text: [API_MSG.questionEmpty] }))).toBe(
      `Failed to post question: ${API_MSG.questionEmpty}`,
    );
  });

  it('anything else shows the fallback and logs the details', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(postQuestionErrorMessage(new ApiError(0, null))).toBe(MSG.postQuestionFailed);
    expect(submitReplyErrorMessage(new Error('x'))).toBe(MSG.submitReplyFailed);
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('like errors', () => {
  it.each([
    'alreadyLikedQuestionUser',
    'alreadyLikedQuestionSession',
    'alreadyLikedAnswerUser',
    'alreadyLikedAnswerSession',
  ] as const)('%s -> Can only like once.', (code) => {
    const error = new ApiError(400, { detail: API_MSG[code], code });
    expect(likeErrorMessage(error, 'question')).toBe(MSG.likeOnce);
    expect(likeErrorMessage(error, 'answer')).toBe(MSG.likeOnce);
    // The code decides, not the words: Spanish words, the same answer.
    const spanish = new ApiError(400, { detail: 'Ya le has dado «me gusta».', code });
    expect(likeErrorMessage(spanish, 'answer')).toBe(MSG.likeOnce);
  });

  it('the English words alone, without their code, decide nothing', () => {
    const words = new ApiError(400, { detail: API_MSG.alreadyLikedQuestionUser });
    expect(likeErrorMessage(words, 'question')).toBe(MSG.likeQuestionFailed);
  });

  it('other failures', () => {
    expect(likeErrorMessage(new ApiError(404, { detail: 'Not found.' }), 'question')).toBe(
      'Couldn’t like the question.',
    );
    expect(likeErrorMessage(new ApiError(0, null), 'answer')).toBe("Couldn't like that.");
  });
});

describe('report errors', () => {
  it("shows the server's refusal of a repeat or of one's own post, else the spec's message", () => {
    const repeat = new ApiError(400, { detail: API_MSG.alreadyReported, code: 'alreadyReported' });
    expect(reportErrorMessage(repeat)).toBe('You have already reported this.');
    expect(isRepeatReport(repeat)).toBe(true);
    const own = new ApiError(400, { detail: API_MSG.reportOwnContent, code: 'reportOwnContent' });
    expect(reportErrorMessage(own)).toBe('You cannot report your own post.');
    expect(isRepeatReport(own)).toBe(false);
    // In the page's language, as the server wrote it.
    const spanish = new ApiError(400, {
      detail: 'Ya has reportado esto.',
      code: 'alreadyReported',
    });
    expect(reportErrorMessage(spanish)).toBe('Ya has reportado esto.');
    for (const other of [
      new ApiError(500, {}),
      new ApiError(400, { detail: 'Something else.', code: 'badRequest' }),
      new ApiError(400, { detail: API_MSG.alreadyReported }),
      new ApiError(404, { detail: API_MSG.alreadyReported, code: 'notFound' }),
    ]) {
      expect(reportErrorMessage(other)).toBe(MSG.reportFailed);
      expect(isRepeatReport(other)).toBe(false);
    }
  });
});

describe('form errors', () => {
  it('joins messages per field and keeps detail for the form', () => {
    const error = new ApiError(400, {
      username: [API_MSG.usernameTaken],
      password: ['Too short.', 'Too common.'],
    });
    expect(formErrors(error, ['username', 'password'], MSG.registerUnexpected)).toEqual({
      fields: { username: API_MSG.usernameTaken, password: 'Too short. Too common.' },
      form: null,
    });
    expect(
      formErrors(
        new ApiError(401, { detail: API_MSG.badCredentials }),
        ['username'],
        MSG.loginUnexpected,
      ),
    ).toEqual({ fields: {}, form: API_MSG.badCredentials });
  });

  it('falls back to the unexpected-error text', () => {
    expect(formErrors(new ApiError(500, { detail: 'x' }), [], MSG.loginUnexpected).form).toBe(
      MSG.loginUnexpected,
    );
    expect(formErrors(new TypeError('offline'), [], MSG.registerUnexpected).form).toBe(
      MSG.registerUnexpected,
    );
  });
});
