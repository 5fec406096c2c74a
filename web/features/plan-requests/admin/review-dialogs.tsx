/**
 * Approve and reject a plan request (admin document §2 "Plan Requests", §5 "Approve payment",
 * "Reject (plan request)"). Shared by the list and the detail page.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatPkr } from '../../../../contract/money.ts';
import { groupNumberField } from '../../../../contract/groups.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/forms.ts';
import { formatMonth } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { approvePlanPayment, fetchPlanGroups, rejectPlanPayment, requestKeys, type PlanGroup, type PlanPayment } from './api.ts';

type ReviewedPayment = Pick<PlanPayment, 'id' | 'planId' | 'amount' | 'plan' | 'user'>;

interface ReviewDialogProps {
  payment: ReviewedPayment | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NOTES_MAX = 1000;

/**
 * The approve form's rules: one group choice. When the plan has groups, one of them (the server asks for
 * a group then: admin document §3); when it has none, the number of the new group.
 */
export function approveFormSchema(groups: readonly PlanGroup[] | undefined, groupRequiredMessage: string) {
  const hasGroups = Boolean(groups && groups.length > 0);
  return z
    .object({
      groupNumber: hasGroups ? z.string() : groupNumberField,
      groupId: z.string(),
      notes: z.string().trim().max(NOTES_MAX),
    })
    .superRefine((values, ctx) => {
      if (hasGroups && !groups!.some((group) => group.id === values.groupId)) {
        ctx.addIssue({ code: 'custom', path: ['groupId'], message: groupRequiredMessage });
      }
    });
}

type ApproveValues = z.input<ReturnType<typeof approveFormSchema>>;

/** Whether a failed call changed what the page shows (already processed, full group): reload then. */
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * 'Approve & Assign': the member joins the chosen group of the plan, or, when the plan has no
 * group yet, a new group with the number given (RULES §5).
 */
export function ApproveDialog({ payment, open, onOpenChange }: ReviewDialogProps) {
  const { t } = useTranslation('adminRequests');
  return (
    <Dialog
      open={open && payment !== null}
      onOpenChange={onOpenChange}
      title={t('approve.title')}
      description={
        payment ? t('approve.description', { name: payment.user.name, plan: payment.plan.name, amount: formatPkr(payment.plan.monthlyAmount) }) : undefined
      }
    >
      {/* Mounted only while open: every opening starts with a clean form and fresh group counts. */}
      {payment && <ApproveForm payment={payment} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ApproveForm({ payment, onDone }: { payment: ReviewedPayment; onDone: () => void }) {
  const { t } = useTranslation('adminRequests');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);

  const groupsQuery = useQuery({
    queryKey: requestKeys.groups(payment.planId),
    queryFn: ({ signal }) => fetchPlanGroups(payment.planId, signal),
    // Member counts and the months owed on joining change with every approval: always read them afresh.
    staleTime: 0,
  });
  const groups = groupsQuery.data;
  const hasGroups = Boolean(groups && groups.length > 0);

  const schema = useMemo(() => approveFormSchema(groups, t('approve.groupRequired')), [groups, t]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ApproveValues>({ resolver: zodResolver(schema), defaultValues: { groupNumber: '', groupId: '', notes: '' } });

  const selectedGroup = groups?.find((group) => group.id === watch('groupId'));

  // The chosen group is sent with its own number, as the approve call has always carried both.
  const chosenNumber = (values: ApproveValues) => selectedGroup?.groupNumber ?? values.groupNumber.trim();
  const mutation = useMutation({
    mutationFn: (values: ApproveValues) =>
      approvePlanPayment(payment.id, {
        planId: payment.planId,
        groupNumber: chosenNumber(values),
        groupId: selectedGroup?.id,
        notes: values.notes.trim() || undefined,
      }),
    onSuccess: async (result, values) => {
      notify.success(result.message ?? t('approve.success', { number: chosenNumber(values) }));
      onDone();
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    onError: (error) => {
      const fieldErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
      let shownOnField = false;
      for (const field of ['groupNumber', 'groupId', 'notes'] as const) {
        if (!fieldErrors[field]) continue;
        // The group choice shows only when the plan had groups as the dialog opened; when one has
        // been created since, the server asks for a group: list the groups again.
        if (field === 'groupId' && !hasGroups) {
          void groupsQuery.refetch();
          continue;
        }
        // A number refused for a chosen group belongs to the choice, the only field then shown.
        setError(field === 'groupNumber' && hasGroups ? 'groupId' : field, { type: 'server', message: fieldErrors[field] });
        shownOnField = true;
      }
      setFormError(shownOnField ? null : getErrorMessage(error, t('approve.failed')));
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });

  function onSubmit(values: ApproveValues) {
    setFormError(null);
    mutation.mutate(values);
  }

  const busy = mutation.isPending;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormAlert message={formError} />

      {groupsQuery.isPending ? (
        <Spinner label={t('approve.loadingGroups')} className="text-sm" />
      ) : groupsQuery.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <span>{t('approve.groupsFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void groupsQuery.refetch()}>
            {t('planRequests.retry')}
          </Button>
        </div>
      ) : hasGroups ? (
        <>
          <FormField
            label={t('approve.group')}
            error={fieldError(errors.groupId)}
            hint={selectedGroup && selectedGroup.currentMembers >= selectedGroup.maxMembers ? t('approve.groupFull') : undefined}
          >
            {(control) => (
              <Select {...control} {...register('groupId')} aria-required>
                <option value="">{t('approve.groupPlaceholder')}</option>
                {groups!.map((group) => (
                  <option key={group.id} value={group.id}>
                    {t('approve.groupOption', {
                      number: group.groupNumber,
                      current: group.currentMembers,
                      max: group.maxMembers,
                      free: Math.max(group.maxMembers - group.currentMembers, 0),
                    })}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {selectedGroup && <OwedOnJoiningWarning group={selectedGroup} memberName={payment.user.name} />}
        </>
      ) : (
        <>
          <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">{t('approve.noGroups')}</p>
          <FormField label={t('approve.groupNumber')} error={fieldError(errors.groupNumber)} hint={t('approve.groupNumberHint')}>
            {(control) => (
              <Input
                {...control}
                {...register('groupNumber')}
                aria-required
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={20}
                placeholder={t('approve.groupNumberPlaceholder')}
              />
            )}
          </FormField>
        </>
      )}

      <FormField label={t('approve.notes')} error={fieldError(errors.notes)} optional>
        {(control) => <Textarea {...control} {...register('notes')} maxLength={NOTES_MAX} rows={3} placeholder={t('approve.notesPlaceholder')} />}
      </FormField>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel', { ns: 'translation' })}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy || groupsQuery.isPending} aria-busy={busy}>
          {busy ? t('approve.submitting') : t('approve.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A group that started months ago: the member approved into it owes its past months at once (RULES
 * §6a). How many and how much come from the server, by the same definitions as every other figure.
 */
function OwedOnJoiningWarning({ group, memberName }: { group: PlanGroup; memberName: string }) {
  const { t, i18n } = useTranslation('adminRequests');
  if (group.owedOnJoining.count === 0) return null;
  const [year, month] = group.startDate.split('-').map(Number);
  return (
    <p role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm text-foreground">
      {t('approve.owedOnJoining', {
        number: group.groupNumber,
        start: formatMonth(year, month, i18n.language),
        name: memberName,
        count: group.owedOnJoining.count,
        amount: formatPkr(group.owedOnJoining.amount),
      })}
    </p>
  );
}

const REASON_MAX = 1000;

/** 'Reject Payment': a reason is required; the member is told it (RULES §5). */
export function RejectDialog({ payment, open, onOpenChange }: ReviewDialogProps) {
  const { t } = useTranslation('adminRequests');
  return (
    <Dialog
      open={open && payment !== null}
      onOpenChange={onOpenChange}
      title={t('reject.title')}
      description={payment ? t('reject.description', { name: payment.user.name, plan: payment.plan.name }) : undefined}
    >
      {payment && <RejectForm payment={payment} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RejectForm({ payment, onDone }: { payment: ReviewedPayment; onDone: () => void }) {
  const { t } = useTranslation('adminRequests');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => z.object({ rejectionReason: z.string().trim().min(1, t('reject.reasonRequired')).max(REASON_MAX, t('reject.reasonTooLong')) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ rejectionReason: string }>({ resolver: zodResolver(schema), defaultValues: { rejectionReason: '' } });

  const mutation = useMutation({
    mutationFn: (reason: string) => rejectPlanPayment(payment.id, reason),
    onSuccess: async () => {
      notify.success(t('reject.success'));
      onDone();
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    onError: (error) => {
      const reasonError = error instanceof ApiError ? error.errors?.rejectionReason : undefined;
      if (reasonError) setError('rejectionReason', { type: 'server', message: reasonError });
      setFormError(reasonError ? null : getErrorMessage(error, t('reject.failed')));
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });

  const busy = mutation.isPending;
  return (
    <form
      onSubmit={handleSubmit((values) => {
        setFormError(null);
        mutation.mutate(values.rejectionReason.trim());
      })}
      noValidate
      className="space-y-4"
    >
      <FormAlert message={formError} />
      <FormField label={t('reject.reason')} error={fieldError(errors.rejectionReason)}>
        {(control) => (
          <Textarea {...control} {...register('rejectionReason')} aria-required maxLength={REASON_MAX} rows={4} placeholder={t('reject.reasonPlaceholder')} />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel', { ns: 'translation' })}</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
          {busy ? t('reject.submitting') : t('reject.submit')}
        </Button>
      </div>
    </form>
  );
}
