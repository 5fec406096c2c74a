/**
 * 'Process Bulk Payment' (admin document §2 "Commission Payments tab", §3 "Bulk pay input", §5):
 * pays every pending commission of the chosen month as one batch, or with `referrer` all of one
 * member's: one confirmation for all of them. Payment method required (Bank Transfer by default);
 * transaction id and notes optional. The server's message is the success toast.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPkr } from '../../../../contract/money.ts';
import { bulkPayBody } from '../../../../contract/referrals.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, getErrorMessage, getServerMessage } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { bulkPayCommissions, payoutKeys, type PendingReferrer } from './api.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { formatPeriod, PAYOUT_METHODS } from './rules.ts';

const dialogSchema = bulkPayBody.pick({ paymentMethod: true, transactionId: true, notes: true });
type DialogValues = z.input<typeof dialogSchema>;
type DialogOutput = z.output<typeof dialogSchema>;

export function BulkPayDialog({
  open,
  onOpenChange,
  month,
  year,
  count,
  totalAmount,
  referrer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  month: number;
  year: number;
  count: number;
  totalAmount: number;
  /** One member's commissions of the month, with their count and total, instead of the whole month's. */
  referrer?: PendingReferrer | null;
}) {
  const { t } = useTranslation('adminReferrals');
  const title = referrer ? t('payouts.memberDialog.title', { name: referrer.referrerName }) : t('payouts.dialog.title');
  const description = referrer ? t('payouts.memberDialog.description') : t('payouts.dialog.description');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {/* Mounted only while open: each opening starts from the defaults. */}
      {open && (
        <BulkPayForm
          month={month}
          year={year}
          count={referrer?.count ?? count}
          totalAmount={referrer?.totalAmount ?? totalAmount}
          referrer={referrer ?? null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function BulkPayForm({
  month,
  year,
  count,
  totalAmount,
  referrer,
  onDone,
}: {
  month: number;
  year: number;
  count: number;
  totalAmount: number;
  referrer: PendingReferrer | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('adminReferrals');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DialogValues, unknown, DialogOutput>({
    resolver: zodResolver(dialogSchema),
    defaultValues: { paymentMethod: 'BANK_TRANSFER', transactionId: '', notes: '' },
  });

  const pay = useMutation({
    mutationFn: (values: DialogOutput) =>
      bulkPayCommissions({
        month,
        year,
        paymentMethod: values.paymentMethod,
        transactionId: values.transactionId || undefined,
        notes: values.notes || undefined,
        referrerId: referrer?.referrerId,
      }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      onDone();
    },
    onError: (error) => {
      // 'There are no pending commissions for this month.' (or none of this member's: paid meanwhile): show it and read the list again.
      if (error instanceof ApiError && error.status === 409) {
        notify.error(getServerMessage(error) ?? t('toasts.payFailed'));
        void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
        onDone();
        return;
      }
      notify.error(getServerMessage(error) ?? getErrorMessage(error, t('toasts.payFailed')));
    },
  });

  return (
    <form onSubmit={handleSubmit((values) => pay.mutate(values))} noValidate className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-muted/40 p-3 text-sm">
        {referrer && (
          <InfoItem label={t('payouts.memberDialog.member')} className="col-span-2">
            <span className="block font-medium break-words">{referrer.referrerName}</span>
            <span className="block break-all text-muted-foreground">{referrer.referrerEmail}</span>
          </InfoItem>
        )}
        <InfoItem label={t('payouts.dialog.period')}>{formatPeriod(month, year, i18n.language)}</InfoItem>
        <InfoItem label={t('payouts.dialog.commissions')}>{count}</InfoItem>
        <InfoItem label={t('payouts.dialog.total')} className="col-span-2">
          <span className="text-lg font-bold">{formatPkr(totalAmount)}</span>
        </InfoItem>
      </dl>
      <p className="text-sm text-muted-foreground">{t('payouts.dialog.funding')}</p>
      <FormField label={t('payouts.dialog.method')} error={fieldError(errors.paymentMethod)}>
        {(field) => (
          <Select {...field} {...register('paymentMethod')}>
            {PAYOUT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`methods.${method}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('payouts.dialog.transactionId')} optional error={fieldError(errors.transactionId)}>
        {(field) => <Input {...field} {...register('transactionId')} maxLength={100} autoComplete="off" />}
      </FormField>
      <FormField label={t('payouts.dialog.notes')} optional error={fieldError(errors.notes)}>
        {(field) => <Textarea {...field} {...register('notes')} rows={3} maxLength={1000} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pay.isPending}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pay.isPending} aria-busy={pay.isPending}>
          {pay.isPending ? t('payouts.dialog.processing') : t('payouts.dialog.submit')}
        </Button>
      </div>
    </form>
  );
}
