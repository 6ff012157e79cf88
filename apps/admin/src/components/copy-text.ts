/**
 * Copies text to the clipboard; where the Clipboard API is unavailable (plain http) or refused, it
 * selects `fallbackNode`'s text and copies the selection. False when neither worked.
 */
export async function copyText(text: string, fallbackNode?: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  if (!fallbackNode) return false;
  const range = document.createRange();
  range.selectNodeContents(fallbackNode);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
