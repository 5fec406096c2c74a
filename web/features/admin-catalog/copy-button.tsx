import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/toast.ts';
import { COPY_TICK_MS } from './catalog-rules.ts';

/** Copies text: the Clipboard API where the page may use it, else a hidden text area (plain-http hosts). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext !== false) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/** An icon button that copies a value; a 'Copied' toast and a tick for 2 seconds say it worked (admin document §9). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('adminCatalog');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(value);
    } catch {
      notify.error(t('bank.copyFailed'));
      return;
    }
    notify.success(t('bank.copied'));
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_TICK_MS);
  }

  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={copy} data-copied={copied || undefined}>
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}
