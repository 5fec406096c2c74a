import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupCreateBody, groupMessages, groupNumberField } from '../../../../contract/groups.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { fieldError } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { type Group, groupApi, groupKeys } from './api.ts';
import { planApi, planKeys } from '../../plans/admin/index.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';
import { GROUP_DEFAULT_MAX_MEMBERS, GROUP_MAX_MEMBERS, groupEndDate, groupMaxMembersFromPlan, nextGroupNumber, todayIso } from './group-rules.ts';
import { CheckboxField, reportFormError, useLoadErrorToast } from '../../../components/page-parts.tsx';

/**
 * The server's create schema, plus what only the form checks (admin document §5 "Group form"):
 * the end date is required and after the start date; an empty group number means "the next one".
 */
export const groupFormSchema = groupCreateBody
  .extend({
    groupNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), groupNumberField.optional()),
    endDate: z.string({ error: groupMessages.endRequired }).min(1, groupMessages.endRequired),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate > v.startDate, { message: groupMessages.endAfterStart, path: ['endDate'] });
type GroupFormInput = z.input<typeof groupFormSchema>;
type GroupFormOutput = z.output<typeof groupFormSchema>;
const groupFields = ['planId', 'groupName', 'groupNumber', 'maxMembers', 'startDate', 'endDate', 'isActive'] as const;

/** Create a group, or edit one (its plan and number then stay as they are: the server keeps them). */
export function GroupFormDialog({ open, onOpenChange, group }: { open: boolean; onOpenChange: (open: boolean) => void; group?: Group | null }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={group ? t('groups.form.editTitle') : t('groups.form.createTitle')}
      description={group ? t('groups.form.editDescription', { plan: group.plan.name, number: group.groupNumber }) : undefined}
      className="sm:max-w-xl"
    >
      {open && <GroupForm group={group ?? null} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function GroupForm({ group, onDone }: { group: Group | null; onDone: () => void }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: planKeys.plans(), queryFn: ({ signal }) => planApi.listPlans(signal) });
  useLoadErrorToast(plans.error, plans.errorUpdatedAt, t('groups.toast.plansFailed'));

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<GroupFormInput, unknown, GroupFormOutput>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: group
      ? {
          planId: group.planId,
          groupName: group.groupName,
          maxMembers: group.maxMembers,
          startDate: group.startDate.slice(0, 10),
          endDate: group.endDate.slice(0, 10),
          isActive: group.isActive,
        }
      : { planId: '', groupName: '', groupNumber: '', maxMembers: GROUP_DEFAULT_MAX_MEMBERS, startDate: todayIso(), endDate: '', isActive: true },
  });
  const planId = useWatch({ control, name: 'planId' }) as string;
  const startDate = useWatch({ control, name: 'startDate' }) as string;

  // The plan's duration: from the group when editing (its plan cannot change), else from the chosen plan.
  const duration = group ? group.plan.duration : plans.data?.find((p) => p.id === planId)?.duration;
  const endDate = groupEndDate(startDate, duration);
  useEffect(() => {
    // Read-only and computed: start date plus the plan's duration in months.
    setValue('endDate', endDate, { shouldValidate: isSubmitted });
  }, [endDate, isSubmitted, setValue]);

  // The name last filled in automatically: replaced when the plan or number changes, unless the admin typed their own.
  const autoName = useRef('');
  const nextNumber = useRef<number | null>(null);
  const fillName = (planName: string) => {
    const current = getValues('groupName');
    if (current && current !== autoName.current) return;
    const typedNumber = String(getValues('groupNumber') ?? '').trim();
    const name = t('groups.form.defaultName', { plan: planName, number: typedNumber || nextNumber.current || 1 });
    autoName.current = name;
    setValue('groupName', name, { shouldValidate: isSubmitted });
  };

  async function choosePlan(id: string) {
    const plan = plans.data?.find((p) => p.id === id);
    if (!plan) return;
    // Choosing a plan fills max members from it (at most 500) and a default group name (admin document §5).
    setValue('maxMembers', groupMaxMembersFromPlan(plan.maxMembers), { shouldValidate: isSubmitted });
    autoName.current = getValues('groupName'); // The previous plan's default gives way to this plan's.
    nextNumber.current = plan.groupCount + 1;
    fillName(plan.name);
    // The number the server will give: one after the plan's highest; a guess from the count until it arrives.
    const groups = await queryClient
      .fetchQuery({ queryKey: groupKeys.planGroups(id), queryFn: ({ signal }) => groupApi.listPlanGroups(id, signal) })
      .catch(() => null);
    if (groups && getValues('planId') === id) {
      nextNumber.current = nextGroupNumber(groups);
      fillName(plan.name);
    }
  }

  const save = useMutation({
    mutationFn: (values: GroupFormOutput) => {
      const { planId: id, groupName, groupNumber, maxMembers, startDate: start, endDate: end, isActive } = values;
      return group
        ? groupApi.updateGroup(group.id, { groupName, maxMembers, startDate: start, endDate: end, isActive })
        : groupApi.createGroup({ planId: id, groupName, groupNumber, maxMembers, startDate: start, endDate: end, isActive });
    },
    onSuccess: () => {
      notify.success(group ? t('groups.toast.updated') : t('groups.toast.created'));
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
      onDone();
    },
    onError: (error) => reportFormError(error, groupFields, setError, group ? t('groups.toast.updateFailed') : t('groups.toast.createFailed')),
  });

  const planField = register('planId', { onChange: (event) => void choosePlan(event.target.value) });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-4">
      <FormField label={t('groups.form.plan')} error={fieldError(errors.planId)} hint={plans.isPending ? t('groups.form.plansLoading') : undefined}>
        {(control) =>
          group ? (
            <Select {...control} value={group.planId} disabled>
              <option value={group.planId}>{group.plan.name}</option>
            </Select>
          ) : (
            <Select {...control} {...planField} disabled={plans.isPending}>
              <option value="">{t('groups.form.choosePlan')}</option>
              {plans.data?.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.isActive ? plan.name : t('groups.form.inactivePlan', { name: plan.name })}
                </option>
              ))}
            </Select>
          )
        }
      </FormField>
      <FormField label={t('groups.form.groupName')} error={fieldError(errors.groupName)}>
        {(control) => <Input {...control} {...register('groupName')} placeholder={t('groups.form.groupNamePlaceholder')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {!group && (
          <FormField label={t('groups.form.groupNumber')} optional hint={t('groups.form.groupNumberHint')} error={fieldError(errors.groupNumber)}>
            {(control) => (
              <Input
                {...control}
                {...register('groupNumber', {
                  onChange: () => {
                    const plan = plans.data?.find((p) => p.id === getValues('planId'));
                    if (plan) fillName(plan.name);
                  },
                })}
                autoComplete="off"
                maxLength={20}
              />
            )}
          </FormField>
        )}
        <FormField label={t('groups.form.maxMembers')} hint={t('groups.form.maxMembersHint', { max: GROUP_MAX_MEMBERS })} error={fieldError(errors.maxMembers)}>
          {(control) => (
            <Input {...control} {...register('maxMembers', { valueAsNumber: true })} type="number" inputMode="numeric" min={1} max={GROUP_MAX_MEMBERS} step={1} />
          )}
        </FormField>
        <FormField label={t('groups.form.startDate')} error={fieldError(errors.startDate)}>
          {(control) => <Input {...control} {...register('startDate')} type="date" />}
        </FormField>
        <FormField label={t('groups.form.endDate')} hint={t('groups.form.endDateHint')} error={fieldError(errors.endDate)}>
          {(control) => <Input {...control} {...register('endDate')} type="date" readOnly className="bg-muted" />}
        </FormField>
      </div>
      <CheckboxField label={t('groups.form.isActive')} {...register('isActive')} />

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        {/* Without a plan there is nothing to create (admin document §5). */}
        <Button type="submit" disabled={!planId || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('common.saving') : t('groups.form.submit')}
        </Button>
      </div>
    </form>
  );
}
