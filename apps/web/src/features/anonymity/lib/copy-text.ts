/**
 * Copies text to the clipboard: the Clipboard API where the page may use it, else the
 * selected text of `field` (pages served over plain HTTP have no Clipboard API).
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused (no permission, or the page lost focus): try the selection below.
  }
  if (field) {
    field.focus();
    field.select();
    // The old way, still the only one without the Clipboard API.
    if (document.execCommand('copy')) return;
  }
  throw new Error('The browser refused to copy.');
}
