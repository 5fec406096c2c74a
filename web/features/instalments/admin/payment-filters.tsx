/**
 * The filters of the All Payments and Bulk Actions lists (admin document §2): the search (members by
 * name and email, plans, groups), plan, group of that plan, state in the words of RULES §6a, due months
 * from and to, and on All Payments the type; "Clear filters" goes back to what the tab opens with.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  fetchPlanGroupOptions,
  fetchPlanOptions,
  isDueMonth,
  paymentKeys,
  STATE_FILTER_CHOICES,
  type PaymentFilters,
  type StateChoice,
  type TypeFilter,
} from './api.ts';
import { MONTHS, monthName } from './display.ts';
import { useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const TYPES: TypeFilter[] = ['all', 'instalment', 'subscription'];
const STATES: StateChoice[] = ['all', ...STATE_FILTER_CHOICES];
const STATE_LABEL = {
  all: 'filters.states.all',
  scheduled: 'filters.states.scheduled',
  'under-review': 'filters.states.underReview',
  owed: 'filters.states.owed',
  overdue: 'filters.states.overdue',
  paid: 'filters.states.paid',
} as const satisfies Record<StateChoice, string>;

interface PaymentFiltersFormProps {
  filters: PaymentFilters;
  /** Any change but paging starts again at page 1. */
  onChange: (changes: Partial<PaymentFilters>) => void;
  /** Back to the filters the tab opens with. */
  onClear: () => void;
  label: string;
  /** The bulk list holds instalments only: no type filter there. */
  showType?: boolean;
  /** The name of the member a userId filter keeps to, when the list's rows give it. */
  memberName?: string;
}

export function PaymentFiltersForm({ filters, onChange, onClear, label, showType = true, memberName }: PaymentFiltersFormProps) {
  const { t } = useTranslation('adminPayments');
  const [searchText, setSearchText] = useState(filters.search);
  const settled = useDebouncedValue(searchText.trim(), 300);
  // Only a settled change of the typed text moves the filter.
  const applySearch = useEffectEvent((search: string) => {
    if (search !== filters.search) onChange({ search, page: 1 });
  });
  useEffect(() => {
    applySearch(settled);
  }, [settled]);

  const plans = useQuery({ queryKey: paymentKeys.plans, queryFn: ({ signal }) => fetchPlanOptions(signal), staleTime: 5 * 60_000 });
  useErrorToast(plans, t('toasts.plansFailed'));
  const groups = useQuery({
    queryKey: paymentKeys.planGroups(filters.planId),
    queryFn: ({ signal }) => fetchPlanGroupOptions(filters.planId, signal),
    enabled: filters.planId !== '',
    staleTime: 60_000,
  });
  useErrorToast(groups, t('toasts.groupsFailed'));

  const set = (changes: Partial<PaymentFilters>) => onChange({ ...changes, page: 1 });
  // A plan purchase has no state or due month (the server would find none with them).
  const planPurchases = showType && filters.type === 'subscription';
  // The range stays in order: moving one end past the other moves both.
  const setDueFrom = (dueFrom: string) => set(dueFrom && filters.dueTo && dueFrom > filters.dueTo ? { dueFrom, dueTo: dueFrom } : { dueFrom });
  const setDueTo = (dueTo: string) => set(dueTo && filters.dueFrom && dueTo < filters.dueFrom ? { dueTo, dueFrom: dueTo } : { dueTo });
  /** A month as the month field gives it, or nothing; anything else (a year out of range) is not taken. */
  const dueMonthInput = (value: string, apply: (month: string) => void) => {
    if (value === '' || isDueMonth(value)) apply(value);
  };
  const member = memberName || t('filters.unnamedMember');

  return (
    <Card className="p-4">
      <form
        role="search"
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          set({ search: searchText.trim() });
        }}
        className="grid grid-cols-2 gap-3 xl:grid-cols-4"
      >
        <FilterField label={t('filters.search')} className="col-span-2 min-w-0">
          {(id) => (
            <Input
              id={id}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('filters.searchPlaceholder')}
              maxLength={100}
            />
          )}
        </FilterField>
        <FilterField label={t('filters.plan')} className="col-span-2 min-w-0 sm:col-span-1">
          {(id) => (
            // A new plan: its groups are others, so the group is chosen again.
            <Select id={id} value={filters.planId} onChange={(event) => set({ planId: event.target.value, groupId: '' })}>
              <option value="">{t('filters.allPlans')}</option>
              {/* A plan a link named that the list of plans has not brought (yet). */}
              {filters.planId && !plans.data?.some((plan) => plan.id === filters.planId) && <option value={filters.planId}>{filters.planId}</option>}
              {plans.data?.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.isActive ? plan.name : t('filters.inactivePlan', { name: plan.name })}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <FilterField label={t('filters.group')} className="col-span-2 min-w-0 sm:col-span-1">
          {(id) => (
            <Select id={id} value={filters.groupId} disabled={filters.planId === ''} onChange={(event) => set({ groupId: event.target.value })}>
              <option value="">{filters.planId === '' ? t('filters.choosePlanFirst') : t('filters.allGroups')}</option>
              {filters.groupId && !groups.data?.some((group) => group.id === filters.groupId) && <option value={filters.groupId}>{filters.groupId}</option>}
              {filters.planId !== '' &&
                groups.data?.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.isActive ? t('filters.groupOption', { number: group.groupNumber }) : t('filters.inactiveGroup', { number: group.groupNumber })}
                  </option>
                ))}
            </Select>
          )}
        </FilterField>
        <FilterField label={t('filters.state')} className={cn('min-w-0', !showType && 'col-span-2 sm:col-span-1')}>
          {(id) => (
            <Select id={id} value={filters.state} disabled={planPurchases} onChange={(event) => set({ state: event.target.value as StateChoice })}>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(STATE_LABEL[state])}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        {showType && (
          <FilterField label={t('filters.type')} className="min-w-0">
            {(id) => (
              <Select id={id} value={filters.type} onChange={(event) => set({ type: event.target.value as TypeFilter })}>
                {TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`filters.types.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
        )}
        {/* Full width on a phone: a month field's text ("September 2026") needs it. */}
        <DueMonthField label={t('filters.dueFrom')} value={filters.dueFrom} disabled={planPurchases} onChange={(value) => dueMonthInput(value, setDueFrom)} />
        <DueMonthField label={t('filters.dueTo')} value={filters.dueTo} disabled={planPurchases} onChange={(value) => dueMonthInput(value, setDueTo)} />
        <div className="col-span-2 flex flex-wrap items-center gap-2 xl:col-span-4">
          {planPurchases && <p className="text-sm text-muted-foreground">{t('filters.noDueForPlanPurchases')}</p>}
          {filters.userId && (
            <p className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border border-border bg-muted py-0.5 ps-3 pe-0.5 text-sm">
              <span className="truncate">{t('filters.member', { name: member })}</span>
              <button
                type="button"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground"
                aria-label={t('filters.removeMember', { name: member })}
                title={t('filters.removeMember', { name: member })}
                onClick={() => set({ userId: '' })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </p>
          )}
          <Button
            type="button"
            variant="outline"
            className="ms-auto w-full sm:w-auto"
            onClick={() => {
              setSearchText('');
              onClear();
            }}
          >
            {t('filters.clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function MonthSelect({ value, onChange, language }: { value: number; onChange: (month: number) => void; language: string }) {
  const { t } = useTranslation('adminPayments');
  return (
    <FilterField label={t('filters.month')}>
      {(id) => (
        <Select id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
          <option value="0">{t('filters.allMonths')}</option>
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {monthName(month, language)}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
}

export function YearSelect({ value, onChange, years }: { value: number; onChange: (year: number) => void; years: number[] }) {
  const { t } = useTranslation('adminPayments');
  return (
    <FilterField label={t('filters.year')}>
      {(id) => (
        <Select id={id} value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
          <option value="0">{t('filters.allYears')}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Select>
      )}
    </FilterField>
  );
}

/** One end of the due-month range: a month field, full width on a phone. */
function DueMonthField({ label, value, disabled, onChange }: { label: string; value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <FilterField label={label} className="col-span-2 min-w-0 sm:col-span-1">
      {(id) => <Input id={id} type="month" min="2000-01" max="2099-12" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />}
    </FilterField>
  );
}
