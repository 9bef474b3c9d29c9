/**
 * Idempotency keys: a fresh random UUID for each user action that creates something, sent as
 * `Idempotency-Key`, and the same key again when that very action is retried (same values,
 * after a failure), so the server can answer a repeat with the first result.
 */

/** A random UUID v4 (crypto.randomUUID where the page has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN address have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of one action: the same while the action's payload stays the same and it has not
 * succeeded; a new one once it succeeded or the payload changed (a new action).
 */
export function createActionKey() {
  let current: { key: string; payload: string } | null = null;
  return {
    for(payload: unknown): string {
      const json = JSON.stringify(payload);
      if (current?.payload !== json) current = { key: newIdempotencyKey(), payload: json };
      return current.key;
    },
    /** The action succeeded: the next one gets a new key. */
    done(): void {
      current = null;
    },
  };
}
