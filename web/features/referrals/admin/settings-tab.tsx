/**
 * Settings (admin document §2 "Referral Management", §5 "Commission rules", §9): the five commission
 * rules, each rate also shown as a percentage with one decimal, a live preview on a sample payment of
 * PKR 1,000 that warns above 20 percent, and where commissions come from (RULES §8).
 */
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, HandCoins, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { commissionRulesBody, DEFAULT_COMMISSION_RULES, type CommissionRules } from '../../../../contract/referrals.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/forms.ts';
import { notify, showToast } from '../../../lib/toast.ts';
import { fetchCommissionRules, referralKeys, updateCommissionRules } from './api.ts';
import { useErrorToast } from './parts.tsx';
import { COMMISSION_LEVELS, commissionPreview, formatRatePercent, PREVIEW_PAYMENT, PREVIEW_WARNING_SHARE, type CommissionLevel } from './rules.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

const RULE_FIELDS = ['level1Rate', 'level2Rate', 'level3Rate', 'minimumCommission', 'maximumCommission'] as const satisfies readonly (keyof CommissionRules)[];
const rateField = (level: CommissionLevel) => (['level1Rate', 'level2Rate', 'level3Rate'] as const)[level - 1];

export function SettingsTab() {
  const { t } = useTranslation('adminReferrals');
  const rules = useQuery({ queryKey: referralKeys.rules, queryFn: ({ signal }) => fetchCommissionRules(signal) });
  useErrorToast(rules, t('toasts.rulesFailed'));
  return (
    <div className="space-y-4">
      <FundingStatement />
      {rules.isPending ? (
        <Spinner label={t('common.loading')} className="justify-center py-8" />
      ) : rules.isError ? (
        <LoadError message={getErrorMessage(rules.error, t('toasts.rulesFailed'))} onRetry={() => void rules.refetch()} />
      ) : (
        // Mounted once with the rules in force: a later re-read never overwrites what is being typed.
        <CommissionRulesForm initial={rules.data} />
      )}
    </div>
  );
}

/** Where the money comes from, and the single-level option (RULES §8; decision 008). */
export function FundingStatement() {
  const { t } = useTranslation('adminReferrals');
  return (
    <Card className="flex gap-3 border-primary/40 bg-primary/5 p-4 sm:p-6">
      <HandCoins className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
      <div className="space-y-2 text-sm">
        <h3 className="text-base font-semibold">{t('settings.fundingTitle')}</h3>
        <p>{t('settings.fundingText')}</p>
        <p>{t('settings.singleLevelText')}</p>
        <p className="text-muted-foreground">{t('settings.futureOnly')}</p>
      </div>
    </Card>
  );
}

export function CommissionRulesForm({ initial }: { initial: CommissionRules }) {
  const { t, i18n } = useTranslation('adminReferrals');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<CommissionRules>({ resolver: zodResolver(commissionRulesBody), defaultValues: initial });
  const values = useWatch({ control });
  const preview = commissionPreview(values);

  const save = useMutation({
    mutationFn: updateCommissionRules,
    onSuccess: (saved) => {
      notify.success(t('toasts.rulesUpdated'));
      queryClient.setQueryData(referralKeys.rules, saved);
      // Rates shown in the tree and the reports follow the rules in force.
      void queryClient.invalidateQueries({ queryKey: referralKeys.all, predicate: (query) => query.queryKey[1] !== 'rules' });
      reset(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) {
        for (const field of RULE_FIELDS) {
          const message = error.errors[field];
          if (message) setError(field, { type: 'server', message });
        }
      }
      notify.error(getErrorMessage(error, t('toasts.rulesUpdateFailed')));
    },
  });

  const onInvalid = (_errors: FieldErrors<CommissionRules>) =>
    showToast('error', t('settings.validationTitle'), { description: t('settings.validationText') });

  const fill = (next: Partial<CommissionRules>) => {
    for (const [field, value] of Object.entries(next) as [keyof CommissionRules, number][]) setValue(field, value, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <form onSubmit={handleSubmit((rules) => save.mutate(rules), onInvalid)} noValidate className="grid gap-4 lg:grid-cols-5">
      <Card className="space-y-6 p-4 sm:p-6 lg:col-span-3">
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">{t('settings.ratesTitle')}</legend>
          <p className="text-sm text-muted-foreground">{t('settings.ratesHint')}</p>
          {COMMISSION_LEVELS.map((level) => (
            <RateField
              key={level}
              label={t('settings.levelRate', { level })}
              error={fieldError(errors[rateField(level)])}
              percent={formatRatePercent(values[rateField(level)], i18n.language)}
              register={register(rateField(level), { valueAsNumber: true })}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">{t('settings.boundsTitle')}</legend>
          <p className="text-sm text-muted-foreground">{t('settings.boundsHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('settings.minimum')} error={fieldError(errors.minimumCommission)}>
              {(field) => <Input {...field} {...register('minimumCommission', { valueAsNumber: true })} type="number" inputMode="decimal" min={0} step="0.01" />}
            </FormField>
            <FormField label={t('settings.maximum')} error={fieldError(errors.maximumCommission)}>
              {(field) => <Input {...field} {...register('maximumCommission', { valueAsNumber: true })} type="number" inputMode="decimal" min={0} step="0.01" />}
            </FormField>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('settings.saving') : t('settings.save')}
          </Button>
          <Button variant="outline" onClick={() => fill({ level2Rate: 0, level3Rate: 0 })}>
            {t('settings.singleLevel')}
          </Button>
          <Button variant="ghost" onClick={() => fill(DEFAULT_COMMISSION_RULES)}>
            <RotateCcw aria-hidden />
            {t('settings.restoreDefaults')}
          </Button>
          {isDirty && (
            <Button variant="ghost" onClick={() => reset()}>
              {t('settings.discard')}
            </Button>
          )}
        </div>
      </Card>

      <Card className="h-fit p-4 sm:p-6 lg:col-span-2">
        <h3 id="rules-preview-heading" className="text-base font-semibold">
          {t('settings.previewTitle', { amount: formatPkr(PREVIEW_PAYMENT) })}
        </h3>
        <table aria-labelledby="rules-preview-heading" className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-2 text-start font-medium">{t('common.level')}</th>
              <th scope="col" className="py-2 text-end font-medium">{t('common.rate')}</th>
              <th scope="col" className="py-2 text-end font-medium">{t('settings.previewCommission')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.levels.map((row) => (
              <tr key={row.level} className="border-b border-border">
                <th scope="row" className="py-2 text-start font-normal">{t('common.levelN', { level: row.level })}</th>
                <td className="py-2 text-end">{formatRatePercent(row.rate, i18n.language)}</td>
                <td className="py-2 text-end">{formatPkr(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 text-start">{t('settings.previewTotal')}</th>
              <td className="py-2 text-end">{formatRatePercent(preview.share, i18n.language)}</td>
              <td className="py-2 text-end">{formatPkr(preview.total)}</td>
            </tr>
          </tfoot>
        </table>
        <div aria-live="polite" className="mt-3">
          {preview.exceedsWarning && (
            <p className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
              <span>{t('settings.previewWarning', { percent: formatRatePercent(PREVIEW_WARNING_SHARE, i18n.language) })}</span>
            </p>
          )}
        </div>
      </Card>
    </form>
  );
}

/** A rate typed as a fraction (step 0.01), with the percentage it means beside it. */
function RateField({ label, error, percent, register }: { label: string; error?: string; percent: string; register: UseFormRegisterReturn }) {
  const { t } = useTranslation('adminReferrals');
  const percentId = useId();
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <div className="flex items-center gap-3">
          <Input
            {...field}
            {...register}
            aria-describedby={[field['aria-describedby'], percentId].filter(Boolean).join(' ')}
            type="number"
            inputMode="decimal"
            min={0}
            max={1}
            step="0.01"
            className="max-w-40"
          />
          <span id={percentId} className="text-sm font-semibold whitespace-nowrap text-primary">
            {t('settings.asPercent', { percent })}
          </span>
        </div>
      )}
    </FormField>
  );
}
