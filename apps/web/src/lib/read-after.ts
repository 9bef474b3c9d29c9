/**
 * The log position of this tab's last write, so that its reads see that write even when a
 * replica serves them (the server's plugins/replica-reads.ts). A write's response carries
 * `Read-After: <position>`; the highest seen is kept, in memory and in sessionStorage
 * (per tab, like the anonymous key, so it survives a reload; never in a cookie), and sent
 * back as the `Read-After` header of every API call. A server without replicas sends none,
 * and then nothing is kept or sent.
 */
import { storedReadAfter, storeReadAfter } from './storage.ts';

/** `0/3000148`: two hexadecimal numbers of 32 bits, as PostgreSQL writes a position. */
const POSITION = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** A position as one number, to compare; null for anything else. */
export function positionValue(text: string | null): bigint | null {
  const match = text === null ? null : POSITION.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return BigInt(`0x${match[1]}`) * BigInt(2 ** 32) + BigInt(`0x${match[2]}`);
}

/** Keeps the positions this tab has seen: the highest, to send back. */
export function createReadAfter(store: { load(): string | null; save(position: string): void }) {
  let highest: string | null = null;
  let loaded = false;

  function current(): string | null {
    if (!loaded) {
      loaded = true;
      const stored = store.load();
      if (positionValue(stored) !== null) highest = stored;
    }
    return highest;
  }

  return {
    /** The position to send as `Read-After`, or null. */
    current,
    /** Keeps `header` (a response's `Read-After`) when it is higher than the kept one. */
    note(header: string | null) {
      const seen = positionValue(header);
      if (seen === null || header === null) return;
      const kept = positionValue(current());
      if (kept !== null && kept >= seen) return;
      highest = header;
      store.save(header);
    },
  };
}

/** This tab's positions. */
export const readAfter = createReadAfter({
  load: storedReadAfter,
  save: (position) => {
    storeReadAfter(position);
  },
});
