/** The filters of a payments list: search, status, type, month and year (admin document §2). */
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { PaymentFilters, StatusFilter, TypeFilter } from './api.ts';
import { MONTHS, filterYears, monthName } from './display.ts';
import { FilterField } from './parts.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const STATUSES: StatusFilter[] = ['all', 'pending', 'paid', 'overdue', 'rejected'];
const TYPES: TypeFilter[] = ['all', 'instalment', 'subscription'];

interface PaymentFiltersFormProps {
  filters: PaymentFilters;
  /** Any change but paging starts again at page 1. */
  onChange: (changes: Partial<PaymentFilters>) => void;
  label: string;
  /** The bulk list holds instalments only: no type filter there. */
  showType?: boolean;
}

export function PaymentFiltersForm({ filters, onChange, label, showType = true }: PaymentFiltersFormProps) {
  const { t, i18n } = useTranslation('adminPayments');
  const [searchText, setSearchText] = useState(filters.search);
  const settled = useDebouncedValue(searchText.trim(), 300);
  // Only a settled change of the typed text moves the filter.
  const applySearch = useEffectEvent((search: string) => {
    if (search !== filters.search) onChange({ search, page: 1 });
  });
  useEffect(() => {
    applySearch(settled);
  }, [settled]);

  const years = filterYears();
  const set = (changes: Partial<PaymentFilters>) => onChange({ ...changes, page: 1 });

  return (
    <Card className="p-4">
      <form
        role="search"
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          set({ search: searchText.trim() });
        }}
        className={showType ? 'grid grid-cols-2 gap-3 lg:grid-cols-5' : 'grid grid-cols-2 gap-3 lg:grid-cols-4'}
      >
        <FilterField label={t('filters.search')} className="col-span-2 lg:col-span-1">
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
        <FilterField label={t('filters.status')}>
          {(id) => (
            <Select id={id} value={filters.status} onChange={(event) => set({ status: event.target.value as StatusFilter })}>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`filters.statuses.${status}`)}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        {showType && (
          <FilterField label={t('filters.type')}>
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
        <MonthSelect value={filters.month} onChange={(month) => set({ month })} language={i18n.language} />
        <YearSelect value={filters.year} onChange={(year) => set({ year })} years={years} />
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
