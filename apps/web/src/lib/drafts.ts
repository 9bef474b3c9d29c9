/**
 * Drafts kept per browser tab (sessionStorage), keyed by the place they were written: the
 * Ask a Question dialog, and each reply box by question and parent. They survive a reload,
 * a closed dialog or box, and a trip to another page; posting clears them.
 */
const PREFIX = 'draft:';

export const draftKeys = {
  ask: `${PREFIX}ask`,
  /** A reply box: the top-level 'Leave a Reply' form (parent null) or a nested one. */
  reply: (questionId: number, parentId: number | null) =>
    `${PREFIX}reply:${questionId}:${parentId ?? 'top'}`,
} as const;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored draft, or null when there is none (or it is not a JSON object). */
export function readDraft(key: string): Record<string, unknown> | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: object): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage: the draft lives only in the form, as before.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** A string field of a stored draft, or the fallback. */
export function draftString(draft: Record<string, unknown> | null, field: string, fallback = '') {
  const value = draft?.[field];
  return typeof value === 'string' ? value : fallback;
}

/** A field of a stored draft when it is one of `allowed`, or the fallback. */
export function draftChoice<T extends string>(
  draft: Record<string, unknown> | null,
  field: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = draft?.[field];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}
