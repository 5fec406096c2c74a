/**
 * Update a winner's status (admin document §2 "Update modal", §5 "Winner status update") and cancel
 * a selection (§4: after the confirmation 'Are you sure you want to cancel this winner selection?').
 * The server holds the transitions (RULES §9): a paid winner is cancelled only with a note, so for
 * one the cancel dialog asks for it and sends it with the status change.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WINNER_STATUSES } from '../../../../contract/winners.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { cancelWinner, updateWinnerStatus, winnerKeys, type Winner, type WinnerStatus } from './api.ts';
import { shortPeriod, winnerStatusOf } from './display.ts';
import { errorText } from './parts.tsx';

export const NOTES_MAX = 1000;

/** The record changed meanwhile (cancelled or removed elsewhere): close and read the list again. */
const isStale = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

function useWinnerSummary(winner: Winner | null) {
  const { t, i18n } = useTranslation('adminWinners');
  if (!winner) return '';
  return t('update.summary', {
    name: winner.winner.name || t('manage.unknown'),
    committee: winner.committee.name || t('manage.unknown'),
    group: winner.groupNumber,
    period: shortPeriod(winner.month, winner.year, i18n.language),
  });
}

/** A status change; afterwards the lists, the statistics and the eligible members are read again. */
function useWinnerChange(kind: 'update' | 'cancel', onDone: () => void) {
  const { t } = useTranslation('adminWinners');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, notes }: { id: string; status?: WinnerStatus; notes?: string }) =>
      status ? updateWinnerStatus(id, status, notes) : cancelWinner(id),
    onSuccess: async () => {
      notify.success(kind === 'cancel' ? t('toasts.cancelled') : t('toasts.statusUpdated'));
      onDone();
      await queryClient.invalidateQueries({ queryKey: winnerKeys.all });
    },
    onError: async (error) => {
      notify.error(errorText(error, kind === 'cancel' ? t('toasts.cancelFailed') : t('toasts.updateFailed')));
      if (isStale(error)) {
        onDone();
        await queryClient.invalidateQueries({ queryKey: winnerKeys.all });
      }
    },
  });
}

interface WinnerDialogProps {
  winner: Winner | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Update Winner Status': a status must be chosen (the button is disabled until then), notes optional. */
export function UpdateWinnerDialog({ winner, onOpenChange }: WinnerDialogProps) {
  const { t } = useTranslation('adminWinners');
  const summary = useWinnerSummary(winner);
  return (
    <Dialog open={winner !== null} onOpenChange={onOpenChange} title={t('update.title')} description={summary}>
      {/* Mounted only while open: each opening starts empty. */}
      {winner && <UpdateForm winner={winner} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function UpdateForm({ winner, onDone }: { winner: Winner; onDone: () => void }) {
  const { t } = useTranslation('adminWinners');
  const [status, setStatus] = useState<'' | WinnerStatus>('');
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  const mutation = useWinnerChange('update', onDone);
  const paidToCancelled = winnerStatusOf(winner.status) === 'PAID' && status === 'CANCELLED';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status || mutation.isPending) return;
    const text = notes.trim();
    if (paidToCancelled && !text) {
      setNotesError(t('update.paidNeedsNote'));
      return;
    }
    mutation.mutate({ id: winner.id, status, notes: text || undefined });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField label={t('update.status')}>
        {(control) => (
          <Select {...control} value={status} onChange={(event) => setStatus(winnerStatusOf(event.target.value) ?? '')} required>
            <option value="">{t('update.statusPlaceholder')}</option>
            {WINNER_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`status.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={t('update.notes')} optional={!paidToCancelled} error={notesError} hint={paidToCancelled ? t('update.paidNeedsNote') : undefined}>
        {(control) => (
          <Textarea
            {...control}
            value={notes}
            maxLength={NOTES_MAX}
            placeholder={t('update.notesPlaceholder')}
            onChange={(event) => {
              setNotes(event.target.value);
              setNotesError(undefined);
            }}
          />
        )}
      </FormField>
      {winner.notes && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{t('update.currentNotes', { notes: winner.notes })}</p>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('update.dismiss')}</Button>
        </DialogClose>
        <Button type="submit" disabled={!status || mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t('update.submitting') : t('update.submit')}
        </Button>
      </div>
    </form>
  );
}

/** 'Cancel Winner Selection': asks first; a paid winner needs a reason (RULES §9). */
export function CancelWinnerDialog({ winner, onOpenChange }: WinnerDialogProps) {
  const { t } = useTranslation('adminWinners');
  return (
    <Dialog open={winner !== null} onOpenChange={onOpenChange} title={t('cancel.title')} description={t('cancel.confirm')}>
      {winner && <CancelForm winner={winner} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CancelForm({ winner, onDone }: { winner: Winner; onDone: () => void }) {
  const { t } = useTranslation('adminWinners');
  const summary = useWinnerSummary(winner);
  const paid = winnerStatusOf(winner.status) === 'PAID';
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const mutation = useWinnerChange('cancel', onDone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!paid) {
      mutation.mutate({ id: winner.id });
      return;
    }
    const text = reason.trim();
    if (!text) {
      setReasonError(t('update.paidNeedsNote'));
      return;
    }
    mutation.mutate({ id: winner.id, status: 'CANCELLED', notes: text });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm">{summary}</p>
      <p className="text-sm text-muted-foreground">{t('cancel.eligibleAgain')}</p>
      {paid && (
        <FormField label={t('cancel.reason')} error={reasonError} hint={t('cancel.reasonHint')}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              maxLength={NOTES_MAX}
              required
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          )}
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('cancel.keep')}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t('cancel.submitting') : t('cancel.submit')}
        </Button>
      </div>
    </form>
  );
}
