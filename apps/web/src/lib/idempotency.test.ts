import { describe, expect, it } from 'vitest';
import { createActionKey, newIdempotencyKey } from './idempotency.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('are random UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('are random UUIDs without crypto.randomUUID too', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('stay the same while one action is retried, and change for a new action', () => {
    const action = createActionKey();
    const first = action.for({ text: 'hello' });
    expect(action.for({ text: 'hello' })).toBe(first);
    const edited = action.for({ text: 'hello!' });
    expect(edited).not.toBe(first);
    action.done();
    expect(action.for({ text: 'hello!' })).not.toBe(edited);
  });
});
