import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { DialogClose } from './dialog.tsx';

interface DialogActionsProps {
  /** Without one there is nothing to submit: only Cancel. */
  submitLabel?: string;
  busyLabel?: string;
  /** While the call runs: the submit button says so, and neither button can be pressed again. */
  busy?: boolean;
  destructive?: boolean;
}

/** A dialog form's footer: Cancel, which closes the dialog, and the submit button; stacked on a phone. */
export function DialogActions({ submitLabel, busyLabel, busy = false, destructive }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          {t('common.cancel')}
        </Button>
      </DialogClose>
      {submitLabel && (
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy} aria-busy={busy}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
      )}
    </div>
  );
}
