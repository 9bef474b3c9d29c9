/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded as
 * UTF-8: either would surface as a 500 deep in the driver. Every field of a body or a
 * query string is checked here (plugins/validation.ts), and a bad one is a field error.
 */
const NUL = '\u0000';

export const MALFORMED_TEXT = 'Text must not contain NUL characters or invalid Unicode.';

const isMalformed = (text: string) => text.includes(NUL) || !text.isWellFormed();

/**
 * Whether a value holds a malformed string anywhere (keys included). Iterative, so no
 * nesting depth can overflow the stack.
 */
export function holdsMalformedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isMalformed(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (isMalformed(key)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

/**
 * The top-level fields of an object whose value holds malformed text, in order; for a
 * value that is not an object, `['']` when it holds any (it names no field).
 */
export function fieldsWithMalformedText(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return holdsMalformedText(value) ? [''] : [];
  }
  const fields: string[] = [];
  for (const [key, element] of Object.entries(value)) {
    if (isMalformed(key)) fields.push('');
    else if (holdsMalformedText(element)) fields.push(key);
  }
  return fields;
}
