import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { multiplyAmount } from '../../../../contract/money.ts';
import { PACKAGE_TYPES, planBody, type PlanBody } from '../../../../contract/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { fieldError } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { type Plan, planApi } from './api.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';
import { monthlyFromTotal, PLAN_FORM_DEFAULTS, totalFromMonthly } from './plan-rules.ts';
import { CheckboxField, reportFormError } from '../../../components/page-parts.tsx';

type PlanFormValues = z.input<typeof planBody>;
const planFields = ['name', 'description', 'packageType', 'monthlyAmount', 'duration', 'totalAmount', 'maxMembers', 'benefits', 'isActive'] as const;

/** The create and edit plan dialog (admin document §2 "Committee Plans", §5 "Plan form"). */
export function PlanFormDialog({ open, onOpenChange, plan }: { open: boolean; onOpenChange: (open: boolean) => void; plan?: Plan | null }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={plan ? t('plans.form.editTitle') : t('plans.form.createTitle')} className="sm:max-w-2xl">
      {/* Mounted only while open: each opening starts from the plan (or the defaults) afresh. */}
      {open && <PlanForm plan={plan ?? null} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function defaultsOf(plan: Plan | null): PlanFormValues {
  if (!plan) {
    const { monthlyAmount, duration, maxMembers, packageType } = PLAN_FORM_DEFAULTS;
    return {
      name: '',
      description: '',
      packageType,
      monthlyAmount,
      duration,
      totalAmount: multiplyAmount(monthlyAmount, duration),
      maxMembers,
      benefits: [''],
      isActive: true,
    };
  }
  return {
    name: plan.name,
    description: plan.description ?? '',
    packageType: plan.packageType || PLAN_FORM_DEFAULTS.packageType,
    monthlyAmount: plan.monthlyAmount,
    duration: plan.duration,
    totalAmount: plan.totalAmount,
    maxMembers: plan.maxMembers,
    benefits: plan.benefits.length > 0 ? [...plan.benefits] : [''],
    isActive: plan.isActive,
  };
}

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<PlanFormValues, unknown, PlanBody>({ resolver: zodResolver(planBody), defaultValues: defaultsOf(plan) });
  const benefits = (useWatch({ control, name: 'benefits' }) as string[] | undefined) ?? [''];

  const save = useMutation({
    mutationFn: (body: PlanBody) => (plan ? planApi.updatePlan(plan.id, body) : planApi.createPlan(body)),
    onSuccess: () => {
      notify.success(plan ? t('plans.toast.updated') : t('plans.toast.created'));
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
      onDone();
    },
    onError: (error) => reportFormError(error, planFields, setError, plan ? t('plans.toast.updateFailed') : t('plans.toast.createFailed')),
  });

  // Total = monthly × duration; editing the total works back to the monthly amount (admin document §5).
  const recalculateTotal = () => {
    const total = totalFromMonthly(getValues('monthlyAmount'), getValues('duration'));
    if (total !== undefined) setValue('totalAmount', total, { shouldValidate: isSubmitted, shouldDirty: true });
  };
  const recalculateMonthly = () => {
    const monthly = monthlyFromTotal(getValues('totalAmount'), getValues('duration'));
    if (monthly !== undefined) setValue('monthlyAmount', monthly, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const setBenefits = (next: string[]) => setValue('benefits', next, { shouldDirty: true });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-4">
      <FormField label={t('plans.form.name')} error={fieldError(errors.name)}>
        {(control) => <Input {...control} {...register('name')} placeholder={t('plans.form.namePlaceholder')} />}
      </FormField>
      <FormField label={t('plans.form.description')} optional error={fieldError(errors.description)}>
        {(control) => <Textarea {...control} {...register('description')} rows={3} placeholder={t('plans.form.descriptionPlaceholder')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('plans.form.packageType')} error={fieldError(errors.packageType)}>
          {(control) => (
            <Select {...control} {...register('packageType')}>
              {PACKAGE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`plans.packageOptions.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('plans.form.maxMembers')} error={fieldError(errors.maxMembers)}>
          {(control) => <Input {...control} {...register('maxMembers', { valueAsNumber: true })} type="number" inputMode="numeric" min={1} step={1} />}
        </FormField>
        <FormField label={t('plans.form.monthlyAmount')} error={fieldError(errors.monthlyAmount)}>
          {(control) => (
            <Input
              {...control}
              {...register('monthlyAmount', { valueAsNumber: true, onChange: recalculateTotal })}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
            />
          )}
        </FormField>
        <FormField label={t('plans.form.duration')} error={fieldError(errors.duration)}>
          {(control) => (
            <Input
              {...control}
              {...register('duration', { valueAsNumber: true, onChange: recalculateTotal })}
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
              step={1}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label={t('plans.form.totalAmount')} hint={t('plans.form.totalHint')} error={fieldError(errors.totalAmount)}>
            {(control) => (
              <Input
                {...control}
                {...register('totalAmount', { valueAsNumber: true, onChange: recalculateMonthly })}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
              />
            )}
          </FormField>
        </div>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          {t('plans.form.benefits')} <span className="font-normal text-muted-foreground">{t('common.optional')}</span>
        </legend>
        {benefits.map((benefit, index) => {
          const rowError = fieldError((errors.benefits as ({ message?: unknown } | undefined)[] | undefined)?.[index]);
          return (
            <div key={index}>
              <div className="flex items-center gap-2">
                <Input
                  value={benefit}
                  aria-invalid={rowError ? true : undefined}
                  aria-label={t('plans.form.benefitLabel', { n: index + 1 })}
                  placeholder={t('plans.form.benefitPlaceholder')}
                  onChange={(event) => setBenefits(benefits.map((b, i) => (i === index ? event.target.value : b)))}
                />
                {/* At least one row always remains: a row can be removed only while more than one exists. */}
                {benefits.length > 1 && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('plans.form.removeBenefit', { n: index + 1 })}
                    onClick={() => setBenefits(benefits.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </div>
              {rowError && <p className="mt-1 text-sm font-medium text-destructive">{rowError}</p>}
            </div>
          );
        })}
        {typeof errors.benefits?.message === 'string' && <p className="text-sm font-medium text-destructive">{errors.benefits.message}</p>}
        <Button variant="outline" size="sm" className="h-11" onClick={() => setBenefits([...benefits, ''])}>
          <Plus aria-hidden />
          {t('plans.form.addBenefit')}
        </Button>
      </fieldset>

      <CheckboxField label={t('plans.form.isActive')} hint={t('plans.form.isActiveHint')} {...register('isActive')} />

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('common.saving') : t('plans.form.submit')}
        </Button>
      </div>
    </form>
  );
}
