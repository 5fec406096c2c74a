/**
 * A button that fetches a file from the API and saves it (api.download: the session's Bearer token rules
 * out a plain link): a statement, an export. While the file comes it says so in words and a second press
 * does nothing; a failure is a toast with the server's message when it sent one, else the screen's words.
 */
import { useState, type ReactNode } from 'react';
import { Download, LoaderCircle } from 'lucide-react';
import { api, getErrorMessage, getServerMessage, type QueryParams } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { notify } from '../lib/toast.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'asChild'> {
  /** The API path (under /api) and its query. */
  path: string;
  query?: QueryParams;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  label: ReactNode;
  /** Shown in place of the label while the file comes. */
  busyLabel: ReactNode;
  /** The toast when it fails and the server said nothing worth showing. */
  failedMessage: string;
}

export function DownloadButton({ path, query, fallbackName, label, busyLabel, failedMessage, variant = 'outline', disabled, className, ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await api.download(path, query, { fallbackName });
    } catch (error) {
      notify.error(getServerMessage(error) ?? getErrorMessage(error, failedMessage));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      {...props}
      variant={variant}
      // Not disabled while busy: a disabled button would drop the keyboard's focus.
      className={cn('aria-disabled:cursor-progress aria-disabled:opacity-60', className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {busy ? busyLabel : label}
    </Button>
  );
}
