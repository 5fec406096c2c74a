/**
 * The operator's corrections of a membership (docs/rules.md "Corrections"), from the Members tab of the
 * group details dialog: remove a member from the group, or move them to another group of the same plan.
 * Each needs a reason (contract/corrections.ts, the route's own schema); the server's refusal stands in
 * the dialog (role=alert), a field error under its field. On success the catalogue's queries are
 * refreshed: both groups' details and cards, and the plan's groups.
 *
 * Each dialog is mounted only while open, so every opening starts with an empty form; the Dialog gives
 * focus to its first field, closes on Escape (not while the change is being sent) and gives focus back
 * to the button that opened it.
 */
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { correctionReasonBody, memberMoveBody } from '../../../../contract/corrections.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions } from '../../../components/ui/dialog-actions.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, getErrorMessage, getServerMessage } from '../../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { adminCatalogueKey, adminOverviewKey } from '../../../lib/query-keys.ts';
import { notify } from '../../../lib/toast.ts';
import { type Group, type GroupMember, groupApi, groupKeys } from './api.ts';

/** The contract's limit of a correction's reason (contract/corrections.ts). */
export const CORRECTION_REASON_MAX = 500;

type ReasonInput = z.input<typeof correctionReasonBody>;
type ReasonOutput = z.output<typeof correctionReasonBody>;
type MoveInput = z.input<typeof memberMoveBody>;
type MoveOutput = z.output<typeof memberMoveBody>;

/**
 * What to say when a correction fails: the server's words for a refusal it explains (400, 409, and a
 * 404 from a catalogue such as "This member is not in this group."), else the dialog's own.
 */
function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 404 && error.code && error.code !== 'notFound') return getServerMessage(error) ?? fallback;
  return getErrorMessage(error, fallback);
}

/** A refusal that says the screen is out of date (the member left, won, or the group filled up): read it again. */
const showsStaleData = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

/** After a correction (or a refusal that shows the screen was out of date): every group screen, and the overview's counts. */
function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
    void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
  };
}

interface CorrectionDialogProps {
  group: Pick<Group, 'id' | 'planId'>;
  member: GroupMember;
  onClose: () => void;
}

function ReasonField({ error, registration }: { error?: string; registration: UseFormRegisterReturn<'reason'> }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <FormField label={t('groups.corrections.reason')} hint={t('groups.corrections.reasonHint')} error={error}>
      {(control) => <Textarea {...control} {...registration} aria-required maxLength={CORRECTION_REASON_MAX} />}
    </FormField>
  );
}

/** "Remove from group": months due stay owed, months to come leave the schedule, the seat is freed. */
export function RemoveMemberDialog({ group, member, onClose }: CorrectionDialogProps) {
  const { t } = useTranslation('adminCatalog');
  const refresh = useRefreshGroups();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonInput, unknown, ReasonOutput>({ resolver: zodResolver(correctionReasonBody), defaultValues: { reason: '' } });

  const remove = useMutation({
    mutationFn: ({ reason }: ReasonOutput) => groupApi.removeMember(group.id, member.userId, reason),
    onSuccess: (answer) => {
      notify.success(answer?.message ? textOfAnswer(answer) : t('groups.corrections.remove.submit'));
      refresh();
      onClose();
    },
    onError: (error) => {
      const onField = showServerFieldErrors(error, ['reason'], setError);
      setFormError(onField ? null : refusalMessage(error, t('groups.corrections.remove.failed')));
      if (showsStaleData(error)) refresh();
    },
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('groups.corrections.remove.title', { name: member.user.name })}
      description={t('groups.corrections.remove.explain')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          setFormError(null);
          remove.mutate(values);
        })}
      >
        <FormAlert message={formError} />
        <ReasonField error={fieldError(errors.reason)} registration={register('reason')} />
        <DialogActions
          submitLabel={t('groups.corrections.remove.submit')}
          busyLabel={t('groups.corrections.remove.submitting')}
          busy={remove.isPending}
          destructive
        />
      </form>
    </Dialog>
  );
}

/**
 * "Move to another group": an active group of the same plan with a free seat; paid months come along.
 * The form comes once the plan's groups have been read, with focus on the group to choose.
 */
export function MoveMemberDialog({ group, member, onClose }: CorrectionDialogProps) {
  const { t } = useTranslation('adminCatalog');
  const [busy, setBusy] = useState(false);
  // Seats change with every approval and move: always read them afresh.
  const groups = useQuery({ queryKey: groupKeys.planGroups(group.planId), queryFn: ({ signal }) => groupApi.listPlanGroups(group.planId, signal), staleTime: 0 });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('groups.corrections.move.title', { name: member.user.name })}
      description={t('groups.corrections.move.explain')}
    >
      {groups.isPending ? (
        <Spinner label={t('groups.corrections.move.loading')} className="text-sm" />
      ) : groups.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <span>{t('groups.corrections.move.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void groups.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <MoveForm
          group={group}
          member={member}
          targets={groups.data.filter((g) => g.id !== group.id && g.isActive && g.currentMembers < g.maxMembers)}
          onBusy={setBusy}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MoveForm({ group, member, targets, onBusy, onClose }: CorrectionDialogProps & { targets: Group[]; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation('adminCatalog');
  const refresh = useRefreshGroups();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<MoveInput, unknown, MoveOutput>({ resolver: zodResolver(memberMoveBody), defaultValues: { toGroupId: '', reason: '' } });
  const hasTarget = targets.length > 0;
  // The group to choose, once the groups have come (the dialog opened before them).
  useEffect(() => {
    if (hasTarget) setFocus('toGroupId');
  }, [hasTarget, setFocus]);

  const move = useMutation({
    mutationFn: (values: MoveOutput) => groupApi.moveMember(group.id, member.userId, values),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (answer) => {
      notify.success(answer?.message ? textOfAnswer(answer) : t('groups.corrections.move.submit'));
      refresh();
      onClose();
    },
    onError: (error) => {
      const onField = showServerFieldErrors(error, ['toGroupId', 'reason'], setError);
      setFormError(onField ? null : refusalMessage(error, t('groups.corrections.move.failed')));
      if (showsStaleData(error)) {
        // The chosen group may be full or closed now: choose again from the groups read afresh.
        setValue('toGroupId', '');
        refresh();
      }
    },
  });
  const busy = move.isPending;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => {
        setFormError(null);
        move.mutate(values);
      })}
    >
      <FormAlert message={formError} />
      {hasTarget ? (
        <>
          <FormField label={t('groups.corrections.move.target')} error={fieldError(errors.toGroupId)}>
            {(control) => (
              <Select {...control} {...register('toGroupId')} aria-required>
                <option value="">{t('groups.corrections.move.choose')}</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {t('groups.corrections.move.option', { number: target.groupNumber, current: target.currentMembers, max: target.maxMembers })}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <ReasonField error={fieldError(errors.reason)} registration={register('reason')} />
        </>
      ) : (
        <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm">{t('groups.corrections.move.none')}</p>
      )}
      <DialogActions submitLabel={hasTarget ? t('groups.corrections.move.submit') : undefined} busyLabel={t('groups.corrections.move.submitting')} busy={busy} />
    </form>
  );
}
