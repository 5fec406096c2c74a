/** Copying the referral code and link, with a 'Copied!' confirmation that goes away after 2 seconds. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { COPY_CONFIRMATION_MS } from './rules.ts';

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
