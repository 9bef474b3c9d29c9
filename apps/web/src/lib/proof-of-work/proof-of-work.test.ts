import { API_MSG } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { isProofOfWorkRefusal } from './proof-of-work.ts';

describe('isProofOfWorkRefusal', () => {
  it('is true for each 400 the server gives a missing, invalid, expired or reused solution', () => {
    for (const detail of [
      API_MSG.powMissing,
      API_MSG.powInvalid,
      API_MSG.powExpired,
      API_MSG.powReused,
    ]) {
      expect(isProofOfWorkRefusal(new ApiError(400, { detail }))).toBe(true);
    }
  });

  it('is false for any other failure', () => {
    expect(isProofOfWorkRefusal(new ApiError(400, { detail: API_MSG.alreadyReported }))).toBe(
      false,
    );
    expect(isProofOfWorkRefusal(new ApiError(429, { detail: API_MSG.powInvalid }))).toBe(false);
    expect(isProofOfWorkRefusal(new ApiError(400, { text: ['Too long.'] }))).toBe(false);
    expect(isProofOfWorkRefusal(new Error('network'))).toBe(false);
  });
});
