/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be encoded as
 * UTF-8: either would surface as a 500 deep in the driver. Every string that enters
 * through a body or a query string is checked here first.
 */
const NUL = '\u0000';

/** The path of the first bad string in a parsed JSON value, or null when all are fine. */
export function findMalformedText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return value.includes(NUL) || !value.isWellFormed() ? path || '(body)' : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findMalformedText(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL) || !key.isWellFormed()) return path || '(body)';
      const found = findMalformedText(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
