/**
 * Winner Selection (admin document §2 "Selection tab", §5 "Winner selection"): committee, then
 * group, month, year, payment type, then one of the group's eligible members (RULES §9: active
 * members who have not won; the server decides, whatever this form sends).
 */
import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchCommittee, fetchEligibleMembers, selectWinner, winnerKeys, type Committee, type WinnerPaymentType } from './api.ts';
import { checkSelection, currentYear, eligibleHelp, isSelectionYear, SELECTION_YEAR_MAX, SELECTION_YEAR_MIN, type SelectionForm } from './display.ts';
import { CommitteeDetailsBox } from './committee-details-box.tsx';
import { FairDraw } from './fair-draw.tsx';
import { errorText, MonthOptions, useErrorToast } from './parts.tsx';
import { GroupField, MemberField, MemberTags, memberTags, OwingMembers } from './selection-fields.tsx';

export { memberTags };

interface SelectionTabProps {
  committees: Committee[];
  committeesLoading: boolean;
  /** Kept by the page, so that moving between tabs keeps what was chosen. */
  form: SelectionForm;
  onForm: (update: (current: SelectionForm) => SelectionForm) => void;
}

/** The most the reason for a manual choice may hold (selectWinnerBody). */
export const REASON_MAX = 500;

/** Umrah first: it is the default (admin document §9). */
const PAYMENT_TYPE_ORDER = ['UMRAH', 'CASH'] as const satisfies readonly WinnerPaymentType[];

export const initialSelectionForm = (): SelectionForm => ({ committeeId: '', groupNumber: '', month: '', year: String(currentYear()), paymentType: 'UMRAH', userId: '', reason: '' });

export function SelectionTab({ committees, committeesLoading, form, onForm }: SelectionTabProps) {
  const { t } = useTranslation('adminWinners');
  const queryClient = useQueryClient();
  const set = (changes: Partial<SelectionForm>) => onForm((current) => ({ ...current, ...changes }));

  const committee = committees.find((candidate) => candidate.id === form.committeeId);
  const details = useQuery({
    queryKey: winnerKeys.committee(form.committeeId),
    queryFn: ({ signal }) => fetchCommittee(form.committeeId, signal),
    enabled: form.committeeId !== '',
  });
  useErrorToast(details, t('toasts.loadGroupsFailed'));

  const year = Number(form.year);
  const hasPeriod = form.month !== '' && form.year.trim() !== '' && isSelectionYear(year);
  const month = Number(form.month);
  const eligible = useQuery({
    queryKey: winnerKeys.eligible(form.committeeId, form.groupNumber, month, year),
    queryFn: ({ signal }) => fetchEligibleMembers(form.committeeId, form.groupNumber, month, year, signal),
    enabled: form.committeeId !== '' && form.groupNumber !== '' && hasPeriod,
  });
  const members = hasPeriod ? (eligible.data ?? []) : [];

  // A member who is no longer eligible (another admin drew them, or the list changed) is unchosen.
  const unchoose = useEffectEvent(() => set({ userId: '' }));
  useEffect(() => {
    if (form.userId && eligible.data && !eligible.data.some((member) => member.userId === form.userId)) unchoose();
  }, [eligible.data, form.userId]);

  const mutation = useMutation({
    mutationFn: selectWinner,
    onSuccess: async (_result, input) => {
      notify.success(t('toasts.selected', { group: input.groupNumber }));
      set({ userId: '', reason: '' });
      await queryClient.invalidateQueries({ queryKey: winnerKeys.all });
    },
    onError: async (error) => {
      notify.error(errorText(error, t('toasts.selectFailed')));
      // Taken month or a member no longer eligible: the list is read again.
      if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: ['admin-winners', 'eligible'] });
    },
  });

  const yearError = form.year.trim() !== '' && !isSelectionYear(year) ? t('selection.yearError') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const check = checkSelection(form);
    if (!check.ok) {
      notify.error(check.reason === 'missing' ? t('toasts.validation') : check.message);
      return;
    }
    mutation.mutate(check.input);
  };

  const chosen = members.find((member) => member.userId === form.userId);

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Card className="p-4 sm:p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Trophy className="size-5 text-primary" aria-hidden />
            {t('selection.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('selection.intro')}</p>

          <form noValidate onSubmit={submit} aria-label={t('selection.title')} className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <FormField
                label={t('selection.committee')}
                hint={committeesLoading ? t('selection.committeesLoading') : committees.length === 0 ? t('selection.noCommittees') : undefined}
              >
                {(control) => (
                  <Select
                    {...control}
                    value={form.committeeId}
                    disabled={committeesLoading}
                    onChange={(event) => set({ committeeId: event.target.value, groupNumber: '', userId: '' })}
                  >
                    <option value="">{t('selection.committeePlaceholder')}</option>
                    {committees.map((option) => (
                      <option key={option.id} value={option.id}>
                        {t('selection.committeeOption', { name: option.name, current: option.currentMembers, max: option.maxMembers })}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>

            {form.committeeId !== '' && (
              <div className="sm:col-span-2">
                <GroupField
                  details={details.data}
                  loading={details.isPending}
                  failed={details.isError}
                  value={form.groupNumber}
                  onChange={(groupNumber) => set({ groupNumber, userId: '' })}
                />
              </div>
            )}

            <FormField label={t('selection.month')}>
              {(control) => (
                <Select {...control} value={form.month} onChange={(event) => set({ month: event.target.value })}>
                  <MonthOptions first={t('months.placeholder')} />
                </Select>
              )}
            </FormField>

            <FormField label={t('selection.year')} error={yearError} hint={t('selection.yearHint')}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={SELECTION_YEAR_MIN}
                  max={SELECTION_YEAR_MAX}
                  step={1}
                  value={form.year}
                  onChange={(event) => set({ year: event.target.value })}
                />
              )}
            </FormField>

            <div className="sm:col-span-2">
              <FormField label={t('selection.paymentType')}>
                {(control) => (
                  <Select {...control} value={form.paymentType} onChange={(event) => set({ paymentType: event.target.value as WinnerPaymentType })}>
                    {PAYMENT_TYPE_ORDER.map((type) => (
                      <option key={type} value={type}>
                        {t(`paymentTypes.${type}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>

            {form.groupNumber !== '' && (
              <div className="sm:col-span-2">
                <MemberField
                  members={members}
                  value={form.userId}
                  onChange={(userId) => set({ userId })}
                  help={eligibleHelp({ hasPeriod, loading: eligible.isPending, failed: eligible.isError && !eligible.data, count: members.length })}
                  onRetry={() => void eligible.refetch()}
                />
                {chosen && memberTags(chosen).length > 0 && (
                  <div className="mt-2 flex flex-wrap items-start gap-2 text-sm font-medium text-warning">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <MemberTags member={chosen} />
                    <span>{chosen.hasOverdue ? t('selection.overdueWarning') : t('selection.owesWarning')}</span>
                  </div>
                )}
                <OwingMembers members={members} />
              </div>
            )}

            <div className="sm:col-span-2">
              <FormField label={t('selection.reason')} optional hint={t('selection.reasonHint')}>
                {(control) => <Textarea {...control} value={form.reason ?? ''} maxLength={REASON_MAX} onChange={(event) => set({ reason: event.target.value })} />}
              </FormField>
            </div>

            <div className="sm:col-span-2">
              <Button type="submit" className="w-full sm:w-auto" disabled={mutation.isPending} aria-busy={mutation.isPending}>
                <Trophy aria-hidden />
                {mutation.isPending ? t('selection.submitting') : t('selection.submit')}
              </Button>
            </div>
          </form>
        </Card>

        <FairDraw form={form} details={details.data} />
      </div>

      {committee && <CommitteeDetailsBox committee={committee} details={details.data} />}
    </div>
  );
}
