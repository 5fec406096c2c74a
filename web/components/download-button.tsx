/**
 * A button that fetches a file from the API and saves it (api.download: the session's Bearer token rules
 * out a plain link): a statement, an export. While the file comes it says so in words and a second press
 * does nothing; a failure is a toast with the server's message when it sent one, else the screen's words.
 * The file is named by its API path and query, or fetched by a feature's own call (`download`), which
 * saves it through api.download as well.
 */
import { useState, type ReactNode } from 'react';
import { Download, LoaderCircle } from 'lucide-react';
import { api, getErrorMessage, getServerMessage, type QueryParams } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { notify } from '../lib/toast.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

/** Where the file comes from: an API path (under /api) with its query, or a feature's call that fetches and saves it. */
type DownloadSource =
  | {
      path: string;
      query?: QueryParams;
      /** The name to save under when the answer names none. */
      fallbackName: string;
      download?: never;
    }
  | { download: () => Promise<unknown>; path?: never; query?: never; fallbackName?: never };

export type DownloadButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'asChild'> & DownloadSource & DownloadButtonTexts;

interface DownloadButtonTexts {
  label: ReactNode;
  /** Shown in place of the label while the file comes. */
  busyLabel: ReactNode;
  /** The toast when it fails and the server said nothing worth showing. */
  failedMessage: string;
}

/** The feature's call, or api.download of the path. */
const fetcher = (source: DownloadSource) =>
  source.download ?? (() => api.download(source.path, source.query, { fallbackName: source.fallbackName }));

export function DownloadButton({ path, query, fallbackName, download: call, label, busyLabel, failedMessage, variant = 'outline', disabled, className, ...props }: DownloadButtonProps) {
  const fetchFile = fetcher(call ? { download: call } : ({ path, query, fallbackName } as DownloadSource));
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await fetchFile();
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
