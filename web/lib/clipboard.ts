/** Copying to the clipboard, for copy buttons across the app. */

/**
 * Copies text: the Clipboard API where the page may use it, else a hidden text area and the older
 * copy command (plain-http hosts, older phone browsers). Rejects when neither worked.
 */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext !== false) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not focused: try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
    previousFocus?.focus();
  }
  if (!copied) throw new Error('Copying is not available in this browser.');
}
