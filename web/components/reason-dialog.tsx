/**
 * A confirmation that asks why: the administrator's deactivations (a user, a group) ask for a reason
 * before they happen, as blocking does. The reason is required here, though the API takes the change
 * without one (the specification's calls send none). The server's refusal is shown in the dialog.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';
import { Dialog } from './ui/dialog.tsx';
import { DialogActions } from './ui/dialog-actions.tsx';
import { FormAlert } from './ui/form-alert.tsx';
import { FormField } from './ui/form-field.tsx';
import { Textarea } from './ui/textarea.tsx';

export const REASON_MAX_LENGTH = 500;

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  reasonLabel: string;
  /** Who reads the reason, so the administrator writes it for them. */
  reasonHint: string;
  reasonRequiredMessage: string;
  confirmLabel: string;
  /** Shown when the change fails without a message of the server's. */
  failedMessage: string;
  destructive?: boolean;
  /** Makes the change with the trimmed reason; rejects with the server's refusal. */
  onConfirm: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({ open, onOpenChange, title, description, reasonLabel, reasonHint, reasonRequiredMessage, confirmLabel, failedMessage, destructive, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
      setError(null);
    }
  }, [open]);

  async function submit() {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(trimmed);
    } catch (failure) {
      setError(getErrorMessage(failure, failedMessage));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title} description={description}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormAlert message={error} />
        <FormField label={reasonLabel} hint={reasonHint} error={missing ? reasonRequiredMessage : undefined}>
          {(control) => (
            <Textarea
              {...control}
              required
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim() !== '') setMissing(false);
              }}
              maxLength={REASON_MAX_LENGTH}
            />
          )}
        </FormField>
        <DialogActions submitLabel={confirmLabel} busy={busy} destructive={destructive} />
      </form>
    </Dialog>
  );
}
