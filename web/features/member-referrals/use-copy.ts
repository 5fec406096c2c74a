/** Copying the referral code and link, with a 'Copied!' confirmation that goes away after 2 seconds. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from './rules.ts';

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

/**
 * Which of several things was copied last, for COPY_CONFIRMATION_MS. A new copy restarts the wait;
 * leaving the page stops it.
 */
export function useCopyConfirmation<K extends string>(copy: (text: string) => Promise<void> = copyToClipboard) {
  const [copied, setCopied] = useState<K | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyValue = useCallback(
    async (key: K, text: string): Promise<boolean> => {
      try {
        await copy(text);
      } catch {
        return false;
      }
      clearTimeout(timer.current);
      setCopied(key);
      timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
      return true;
    },
    [copy],
  );

  return { copied, copy: copyValue };
}
