/**
 * "Void this draw": a committed draw ends without a winner, with the reason the members read (5 to 500
 * characters, checked by the route's own schema, contract/winners.ts drawVoidBody). The server reveals
 * its seed, keeps the void in the record and tells every member. Its answer is shown as it words it;
 * a refusal stands in the dialog (role=alert), a field error under its field.
 *
 * Mounted only while open, so every opening starts with an empty reason; the Dialog keeps focus inside,
 * gives it to the reason first, closes on Escape (not while sending) and gives focus back on close.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { drawVoidBody } from '../../../../contract/winners.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { voidDraw } from './api.ts';
import { monthName } from './display.ts';
import { errorText } from './parts.tsx';

/** The most a void's reason may hold (drawVoidBody). */
export const VOID_REASON_MAX = 500;

/** The month whose committed draw is voided. */
export interface VoidTarget {
  month: number;
  year: number;
}

type VoidInput = z.input<typeof drawVoidBody>;
type VoidOutput = z.output<typeof drawVoidBody>;

export function VoidDrawDialog({
  committeeId,
  groupNumber,
  target,
  onClose,
  onVoided,
}: {
  committeeId: string;
  groupNumber: string;
  target: VoidTarget;
  onClose: () => void;
  /** After the void (or a refusal that shows the screen was out of date): the screen reads the record again. */
  onVoided: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('adminWinners');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VoidInput, unknown, VoidOutput>({ resolver: zodResolver(drawVoidBody), defaultValues: { month: target.month, year: target.year, reason: '' } });

  const send = useMutation({
    mutationFn: (input: VoidOutput) => voidDraw(committeeId, groupNumber, input),
    onSuccess: async (answer) => {
      notify.success(textOfAnswer(answer));
      onClose();
      await onVoided();
    },
    onError: async (error) => {
      const onField = showServerFieldErrors(error, ['reason'], setError);
      setFormError(onField ? null : errorText(error, t('voidDialog.failed')));
      // Drawn or voided meanwhile: the record is read again.
      if (error instanceof ApiError && error.status === 409) await onVoided();
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !send.isPending && onClose()}
      title={t('voidDialog.title', { group: groupNumber, period: `${monthName(target.month, i18n.language)} ${target.year}` })}
      description={t('voidDialog.explain')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          setFormError(null);
          send.mutate(values);
        })}
      >
        <FormAlert message={formError} />
        <FormField label={t('voidDialog.reason')} hint={t('voidDialog.reasonHint')} error={fieldError(errors.reason)}>
          {(control) => <Textarea {...control} {...register('reason')} aria-required maxLength={VOID_REASON_MAX} />}
        </FormField>
        <DialogActions submitLabel={t('voidDialog.submit')} busyLabel={t('voidDialog.submitting')} busy={send.isPending} destructive />
      </form>
    </Dialog>
  );
}
