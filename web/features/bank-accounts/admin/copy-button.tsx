import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/toast.ts';
import { COPY_TICK_MS } from './bank-account-rules.ts';

/** An icon button that copies a value; a 'Copied' toast and a tick for 2 seconds say it worked (admin document §9). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('adminCatalog');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyToClipboard(value);
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
