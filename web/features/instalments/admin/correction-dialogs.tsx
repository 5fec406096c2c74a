/**
 * Corrections from a member's ledger (docs/rules.md "Corrections"): undo the approval of a paid month, and
 * correct the month or amount of a receipt under review. Each needs a reason, which the member is told
 * and the audit log keeps. The server decides what is allowed and says why when it is not; its message is
 * shown in the dialog, and the ledger is read again after any answer that changed something.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LedgerEntry } from '../../../../contract/figures.ts';
import type { ReceiptCorrection } from '../../../../contract/corrections.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { paymentAnswer } from '../../../../contract/instalments.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { api, ApiError, getErrorMessage, readAnswer } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { paymentKeys } from './api.ts';
import { formatPeriod } from './display.ts';

const REASON_MAX = 500;

type PaymentAnswer = z.output<typeof paymentAnswer>;

export async function undoApproval(paymentId: string, reason: string): Promise<PaymentAnswer> {
  return readAnswer(paymentAnswer, await api.post(`/payments/${encodeURIComponent(paymentId)}/undo-approval`, { reason }, { retries: 0 }));
}

export async function correctReceipt(paymentId: string, correction: ReceiptCorrection): Promise<PaymentAnswer> {
  return readAnswer(paymentAnswer, await api.put(`/payments/${encodeURIComponent(paymentId)}/correct`, correction, { retries: 0 }));
}

/** The call, its toast, and the ledger and lists read again; a refusal stays in the dialog. */
function useCorrection<Input>(call: (input: Input) => Promise<PaymentAnswer>, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      if (result?.message) notify.success(result.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: async (error) => {
      // A conflict means the month changed meanwhile: what the ledger shows is read again.
      if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}

function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation('adminPayments');
  return (
    <FormField label={t('corrections.reason')} error={error} hint={t('corrections.reasonHint')}>
      {(control) => (
        <Textarea {...control} value={value} onChange={(event) => onChange(event.target.value)} aria-required maxLength={REASON_MAX} rows={3} />
      )}
    </FormField>
  );
}

interface EntryDialogProps {
  entry: LedgerEntry | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Undo approval': the month becomes owed again; unpaid commissions from it are reversed. */
export function UndoApprovalDialog({ entry, onOpenChange }: EntryDialogProps) {
  const { t, i18n } = useTranslation('adminPayments');
  const period = entry ? formatPeriod(entry.month, entry.year, i18n.language) : '';
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={onOpenChange}
      title={t('corrections.undoTitle')}
      description={entry ? t('corrections.undoText', { period, amount: formatPkr(entry.amount) }) : undefined}
    >
      {entry && <UndoForm key={entry.paymentId} entry={entry} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function UndoForm({ entry, onDone }: { entry: LedgerEntry; onDone: () => void }) {
  const { t } = useTranslation('adminPayments');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const mutation = useCorrection((text: string) => undoApproval(entry.paymentId, text), onDone);
  const serverError = mutation.error ? getErrorMessage(mutation.error, t('corrections.failed')) : null;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const text = reason.trim();
        if (!text) return setReasonError(t('corrections.reasonRequired'));
        setReasonError(undefined);
        mutation.mutate(text);
      }}
    >
      <FormAlert message={serverError && !(mutation.error instanceof ApiError && mutation.error.errors?.reason) ? serverError : null} />
      <ReasonField value={reason} onChange={setReason} error={reasonError ?? (mutation.error instanceof ApiError ? mutation.error.errors?.reason : undefined)} />
      <DialogActions submitLabel={t('corrections.undoConfirm')} busyLabel={t('corrections.saving')} busy={mutation.isPending} destructive />
    </form>
  );
}

interface CorrectDialogProps extends EntryDialogProps {
  /** The member's months in the same group, to choose the one the receipt pays for. */
  months: LedgerEntry[];
}

/** 'Correct receipt': the month the receipt pays for, its amount, or both. */
export function CorrectReceiptDialog({ entry, months, onOpenChange }: CorrectDialogProps) {
  const { t, i18n } = useTranslation('adminPayments');
  const period = entry ? formatPeriod(entry.month, entry.year, i18n.language) : '';
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange} title={t('corrections.correctTitle')} description={entry ? t('corrections.correctText', { period, amount: formatPkr(entry.amount) }) : undefined}>
      {entry && <CorrectForm key={entry.paymentId} entry={entry} months={months} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

const monthKey = (e: Pick<LedgerEntry, 'month' | 'year'>) => `${e.year}-${String(e.month).padStart(2, '0')}`;

function CorrectForm({ entry, months, onDone }: { entry: LedgerEntry; months: LedgerEntry[]; onDone: () => void }) {
  const { t, i18n } = useTranslation('adminPayments');
  const [month, setMonth] = useState(monthKey(entry));
  const [amount, setAmount] = useState(String(entry.amount));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'month' | 'amount' | 'reason', string>>>({});
  const mutation = useCorrection((correction: ReceiptCorrection) => correctReceipt(entry.paymentId, correction), onDone);
  const fieldErrors = mutation.error instanceof ApiError ? (mutation.error.errors ?? {}) : {};
  const serverError = mutation.error && Object.keys(fieldErrors).length === 0 ? getErrorMessage(mutation.error, t('corrections.failed')) : null;
  // The months a receipt can move to: its own, and those neither paid nor waiting for review.
  const choices = months.filter((m) => m.paymentId === entry.paymentId || (m.state !== 'PAID' && m.state !== 'UNDER_REVIEW'));

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const next: Partial<Record<'month' | 'amount' | 'reason', string>> = {};
        const value = Number(amount);
        if (!(value > 0) || !/^\d+(\.\d{1,2})?$/.test(amount.trim())) next.amount = t('corrections.amountInvalid');
        const monthChanged = month !== monthKey(entry);
        const amountChanged = !next.amount && value !== entry.amount;
        if (!next.amount && !monthChanged && !amountChanged) next.month = t('corrections.nothingChanged');
        if (!reason.trim()) next.reason = t('corrections.reasonRequired');
        setErrors(next);
        if (Object.keys(next).length > 0) return;
        const [year, monthNumber] = month.split('-').map(Number);
        mutation.mutate({
          reason: reason.trim(),
          ...(monthChanged ? { month: monthNumber, year } : {}),
          ...(amountChanged ? { amount: value } : {}),
        });
      }}
    >
      <FormAlert message={serverError} />
      <FormField label={t('corrections.month')} error={errors.month ?? fieldErrors.month ?? fieldErrors.year}>
        {(control) => (
          <Select {...control} value={month} onChange={(event) => setMonth(event.target.value)}>
            {choices.map((m) => (
              <option key={m.paymentId} value={monthKey(m)}>
                {formatPeriod(m.month, m.year, i18n.language)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('corrections.amount')} error={errors.amount ?? fieldErrors.amount}>
        {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />}
      </FormField>
      <ReasonField value={reason} onChange={setReason} error={errors.reason ?? fieldErrors.reason} />
      <DialogActions submitLabel={t('corrections.correctConfirm')} busyLabel={t('corrections.saving')} busy={mutation.isPending} />
    </form>
  );
}
