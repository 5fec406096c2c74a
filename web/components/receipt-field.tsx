/**
 * The one way to choose a receipt, on every form that sends one (buying a plan, a plan request's
 * receipt, a month's instalment): the file picker with the rules under it, what is wrong with the
 * file by the field, a preview of what was chosen (the photo itself, or the PDF's name and size) so
 * the member sees it is the right one, and how much has gone while it uploads.
 */
import { CircleAlert, FileText } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { checkReceiptFile, RECEIPT_ACCEPT, type ReceiptProblem } from '../lib/receipt-file.ts';
import { Label } from './ui/label.tsx';

export interface ReceiptFieldProps {
  label: string;
  file: File | null;
  /** The chosen file (null when the choice was cleared) and what is wrong with it, if anything. */
  onChange: (file: File | null, problem: ReceiptProblem | undefined) => void;
  /** What to say under the field; the form decides when a problem is worth saying. */
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  /** The share of the upload sent so far (0 to 1) while the form is being sent; null otherwise. */
  progress?: number | null;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

export function ReceiptField({ label, file, onChange, error, hint, disabled, progress = null, inputRef, name = 'receipt' }: ReceiptFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkReceiptFile(chosen) : undefined;
    // A refused file is not kept: the picker is cleared, and the form says why beside it.
    if (problem) event.target.value = '';
    onChange(chosen, problem);
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={RECEIPT_ACCEPT}
        onChange={onChosen}
        disabled={disabled}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className="block w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive file:me-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-primary-foreground"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint ?? t('receiptField.hint')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
      {file && !error && <ReceiptPreview file={file} />}
      {progress !== null && <UploadProgress sent={progress} />}
    </div>
  );
}

/** The chosen photo as it will be sent, or the PDF's name and size (a PDF is not drawn here). */
function ReceiptPreview({ file }: { file: File }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file.type.startsWith('image/') ? file : null);
  const size = t('receiptField.size', { size: (file.size / (1024 * 1024)).toFixed(file.size < 1024 * 1024 ? 2 : 1) });
  if (url) {
    return (
      <figure className="flex items-center gap-3 rounded-lg border border-border p-2">
        <img src={url} alt={t('receiptField.preview', { name: file.name })} className="h-20 w-20 rounded-md object-cover" />
        <figcaption className="min-w-0 text-sm">
          <span className="block truncate font-medium">{file.name}</span>
          <span className="text-muted-foreground">{size}</span>
        </figcaption>
      </figure>
    );
  }
  return (
    <p className="flex items-center gap-2 rounded-lg border border-border p-3 text-sm">
      <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 truncate font-medium">{file.name}</span>
      <span className="shrink-0 text-muted-foreground">{size}</span>
    </p>
  );
}

/** An address for the chosen file while it is shown, given back when it is not. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [file]);
  return url;
}

function UploadProgress({ sent }: { sent: number }) {
  const { t } = useTranslation();
  const percent = Math.round(sent * 100);
  return (
    <div className="space-y-1">
      <progress value={percent} max={100} aria-label={t('receiptField.uploadProgress')} className="h-2 w-full overflow-hidden rounded-full accent-primary" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {percent < 100 ? t('receiptField.uploading', { percent }) : t('receiptField.processing')}
      </p>
    </div>
  );
}
