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
    API_MSG.alreadyLikedQuestionUser,
    API_MSG.alreadyLikedQuestionSession,
    API_MSG.alreadyLikedAnswerUser,
    API_MSG.alreadyLikedAnswerSession,
  ])('%s -> Can only like once.', (detail) => {
    expect(likeErrorMessage(new ApiError(400, { detail }), 'question')).toBe(MSG.likeOnce);
    expect(likeErrorMessage(new ApiError(400, { detail }), 'answer')).toBe(MSG.likeOnce);
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
    const repeat = new ApiError(400, { detail: API_MSG.alreadyReported });
    expect(reportErrorMessage(repeat)).toBe('You have already reported this.');
    expect(isRepeatReport(repeat)).toBe(true);
    const own = new ApiError(400, { detail: API_MSG.reportOwnContent });
    expect(reportErrorMessage(own)).toBe('You cannot report your own post.');
    expect(isRepeatReport(own)).toBe(false);
    for (const other of [
      new ApiError(500, {}),
      new ApiError(400, { detail: 'Something else.' }),
      new ApiError(404, { detail: API_MSG.alreadyReported }),
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
