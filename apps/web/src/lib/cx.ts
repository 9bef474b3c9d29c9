/** Joins class names, skipping the empty ones (CSS modules compose this way). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
