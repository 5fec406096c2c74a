/**
 * Approve and reject one payment (admin document §2 "approve single, reject single with reason";
 * §5 "Reject payment"), and the reason/notes dialog that the bulk actions share.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { changePaymentStatus, paymentKeys, type AdminPayment, type AdminStatus } from './api.ts';
import { formatPeriod, shortId } from './display.ts';

export const REASON_MAX = 1000;

/** Whether a failed call means the payment changed meanwhile (decided by someone else): reload then. */
export const isConflict = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

/** One payment's move; afterwards the queue, the lists, the reports and the summary are read again. */
function useStatusChange(onDone: () => void) {
  const { t } = useTranslation('adminPayments');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: AdminStatus; reason?: string }) => changePaymentStatus(id, status, reason),
    onSuccess: async (result, { status }) => {
      // The server says 'Payment paid successfully' / 'Payment rejected successfully'.
      notify.success(result?.message ?? t(status === 'paid' ? 'toasts.paid' : 'toasts.rejected'));
      onDone();
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: async (error) => {
      notify.error(getErrorMessage(error, t('toasts.updateStatusFailed')));
      if (isConflict(error)) {
        onDone();
        await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      }
    },
  });
}

type ReviewedPayment = Pick<AdminPayment, 'id' | 'amount' | 'month' | 'year' | 'user' | 'plan' | 'group'> & Partial<Pick<AdminPayment, 'bankAccount'>>;

function usePaymentSummary(payment: ReviewedPayment | null) {
  const { t, i18n } = useTranslation('adminPayments');
  const { t: catalog } = useTranslation('adminCatalog');
  if (!payment) return '';
  const summary = t('review.paymentSummary', {
    name: payment.user.name,
    amount: formatPkr(payment.amount),
    period: formatPeriod(payment.month, payment.year, i18n.language) || t('payment.planRequest'),
    id: shortId(payment.id),
  });
  // Which account the money went into: the one to look for it in.
  const account = payment.bankAccount;
  const paidInto = account
    ? catalog('paidInto.sentence', { account: catalog('paidInto.account', { bank: account.bankName ?? '', number: account.accountNumber ?? '', name: account.accountName ?? '' }) })
    : catalog('paidInto.sentenceUnknown');
  return `${summary} ${paidInto}`;
}

interface ReviewDialogProps {
  payment: ReviewedPayment | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Approve Payment': irreversible (admin document §4), so it asks first. */
export function ApprovePaymentDialog({ payment, open, onOpenChange }: ReviewDialogProps) {
  const { t } = useTranslation('adminPayments');
  const summary = usePaymentSummary(payment);
  const mutation = useStatusChange(() => onOpenChange(false));
  return (
    <ConfirmDialog
      open={open && payment !== null}
      onOpenChange={onOpenChange}
      title={t('review.approveTitle')}
      description={
        <>
          {summary} <strong className="font-semibold text-foreground">{t('review.irreversible')}</strong>
        </>
      }
      confirmLabel={mutation.isPending ? t('review.approving') : t('review.approveConfirm')}
      busy={mutation.isPending}
      onConfirm={() => payment && mutation.mutate({ id: payment.id, status: 'paid' })}
    />
  );
}

/** 'Reject Payment': a reason is required ('Please provide a rejection reason'); the member is told it. */
export function RejectPaymentDialog({ payment, open, onOpenChange }: ReviewDialogProps) {
  const { t } = useTranslation('adminPayments');
  const summary = usePaymentSummary(payment);
  const mutation = useStatusChange(() => onOpenChange(false));
  return (
    <ReasonDialog
      open={open && payment !== null}
      onOpenChange={onOpenChange}
      title={t('review.rejectTitle')}
      description={`${summary} ${t('review.rejectHint')}`}
      label={t('review.reason')}
      placeholder={t('review.reasonPlaceholder')}
      required
      submitLabel={t('review.rejectConfirm')}
      busyLabel={t('review.rejecting')}
      destructive
      busy={mutation.isPending}
      onSubmit={(reason) => payment && mutation.mutate({ id: payment.id, status: 'rejected', reason })}
    />
  );
}

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  label: string;
  placeholder?: string;
  /** A rejection needs a reason; approval and overdue notes are optional. */
  required?: boolean;
  submitLabel: string;
  busyLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onSubmit: (text: string) => void;
}

/** A dialog with one text (a reason or notes) and a submit button. */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      {/* Mounted only while open: each opening starts empty. */}
      <ReasonForm {...props} />
    </Dialog>
  );
}

function ReasonForm({ label, placeholder, required, submitLabel, busyLabel, destructive, busy, onSubmit }: ReasonDialogProps) {
  const { t } = useTranslation('adminPayments');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (required && !value) {
          setError(t('review.reasonRequired'));
          return;
        }
        setError(undefined);
        onSubmit(value);
      }}
    >
      <FormField label={label} error={error} optional={!required}>
        {(control) => (
          <Textarea
            {...control}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error && event.target.value.trim()) setError(undefined);
            }}
            aria-required={required || undefined}
            maxLength={REASON_MAX}
            rows={4}
            placeholder={placeholder}
          />
        )}
      </FormField>
      <DialogActions submitLabel={submitLabel} busyLabel={busyLabel} busy={busy} destructive={destructive} />
    </form>
  );
}
