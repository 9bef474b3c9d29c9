import { API_MSG } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { isProofOfWorkRefusal } from './proof-of-work.ts';

describe('isProofOfWorkRefusal', () => {
  it('is true for each 400 the server gives a missing, invalid, expired or reused solution', () => {
    for (const code of ['powMissing', 'powInvalid', 'powExpired', 'powReused'] as const) {
      expect(isProofOfWorkRefusal(new ApiError(400, { detail: API_MSG[code], code }))).toBe(true);
      // Decided by the code, whatever language the words are in.
      expect(isProofOfWorkRefusal(new ApiError(400, { detail: 'El desafío…', code }))).toBe(true);
    }
  });

  it('is false for any other failure, and for the English words without their code', () => {
    const reported = { detail: API_MSG.alreadyReported, code: 'alreadyReported' };
    expect(isProofOfWorkRefusal(new ApiError(400, reported))).toBe(false);
    const throttled = { detail: API_MSG.powInvalid, code: 'powInvalid' };
    expect(isProofOfWorkRefusal(new ApiError(429, throttled))).toBe(false);
    expect(isProofOfWorkRefusal(new ApiError(400, { detail: API_MSG.powInvalid }))).toBe(false);
    expect(isProofOfWorkRefusal(new ApiError(400, { text: ['Too long.'] }))).toBe(false);
    expect(isProofOfWorkRefusal(new Error('network'))).toBe(false);
  });
});
