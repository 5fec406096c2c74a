/**
 * The dialog that confirms a commission payment (commission-section.tsx), loaded on first use with the
 * dialog library.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getErrorMessage, getServerMessage } from '../../../lib/api-client.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { notify } from '../../../lib/toast.ts';
import { confirmCommissionPayment, referralKeys, type CommissionPayment } from './api.ts';
import { CONFIRM_NOTES_MAX, withConfirmed } from './rules.ts';
import './catalogue.ts';

/** The dialog that confirms one payment, with optional notes. `onClose(true)` after a confirmation. */
export function ConfirmCommissionDialog({ payment, onClose }: { payment: CommissionPayment | null; onClose: (confirmed: boolean) => void }) {
  const { t } = useTranslation('memberReferrals');
  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title={t('commission.dialogTitle')}
      description={payment ? <ConfirmDescription payment={payment} /> : undefined}
    >
      {payment && <ConfirmForm key={payment.id} payment={payment} onDone={() => onClose(true)} />}
    </Dialog>
  );
}

function ConfirmDescription({ payment }: { payment: CommissionPayment }) {
  const { t } = useTranslation('memberReferrals');
  return <>{t('commission.dialogDescription', { amount: formatPkr(payment.amount), name: payment.referral?.referredUser?.name || t('commission.someone') })}</>;
}

function ConfirmForm({ payment, onDone }: { payment: CommissionPayment; onDone: () => void }) {
  const { t } = useTranslation('memberReferrals');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = useMutation({
    mutationFn: confirmCommissionPayment,
    onSuccess: (updated) => {
      // The payment moves to 'Confirmed' at once; the lists and totals are then read again.
      queryClient.setQueryData<CommissionPayment[]>(referralKeys.commissionPayments, (old) => withConfirmed(old, updated));
      void queryClient.invalidateQueries({ queryKey: referralKeys.all });
      notify.success(t('commission.confirmed'));
      onDone();
    },
    // 'Failed to confirm payment', or the server's own message (member document §8).
    onError: (failure) => setError(getServerMessage(failure) ?? getErrorMessage(failure, t('commission.confirmFailed'))),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    setError(null);
    confirm.mutate({ id: payment.id, userNotes: notes });
  }

  const busy = confirm.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      <FormAlert message={error} />
      <FormField label={t('commission.notes')} optional hint={t('commission.notesHint')}>
        {(control) => (
          <Textarea
            {...control}
            name="userNotes"
            value={notes}
            maxLength={CONFIRM_NOTES_MAX}
            onChange={(event) => {
              setNotes(event.target.value);
              setError(null);
            }}
            disabled={busy}
            rows={3}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            {tc('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          <CircleCheck aria-hidden />
          {busy ? t('commission.confirming') : t('commission.dialogConfirm')}
        </Button>
      </div>
    </form>
  );
}
