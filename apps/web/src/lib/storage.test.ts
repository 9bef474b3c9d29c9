import { isValidSessionId } from '@dating/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionId, newSessionId } from './storage.ts';

describe('new session ids', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('take one UUID from crypto.randomUUID, never drawing again', () => {
    const draw = vi.spyOn(crypto, 'randomUUID');
    const id = newSessionId();
    expect(isValidSessionId(id)).toBe(true);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('are 32 base64url characters where randomUUID is missing (plain HTTP)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newSessionId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(isValidSessionId(id)).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('are not kept from a broken random source: the tab has no key rather than a weak one', () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('12345678-1234-4123-8123-123456789abc');
    expect(() => newSessionId()).toThrow(/not random/);
    expect(getSessionId()).toBeNull();
    expect(window.sessionStorage.getItem('session_id')).toBeNull();
  });
});
