/** The reconciliation filter bar: account, date range and grouping, with the range checks said by the fields. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDay, RECONCILIATION_MAX_DAYS, RECONCILIATION_MAX_MONTHS } from '../../../../contract/reconciliation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ReconciliationAccount, ReconciliationBy, ReconciliationFilter } from './reconciliation-api.ts';
import { useAccountLabel } from './reconciliation-labels.ts';

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const monthCount = (from: string, to: string) => Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) + 1;

type RangeError = 'dates' | 'order' | 'dayRange' | 'monthRange';
/** The same checks as the server's (contract/reconciliation.ts), so that a wrong range is said by the fields. */
export function rangeError({ from, to, by }: ReconciliationFilter): { field: 'from' | 'to'; error: RangeError } | null {
  if (!isCalendarDay(from)) return { field: 'from', error: 'dates' };
  if (!isCalendarDay(to)) return { field: 'to', error: 'dates' };
  if (from > to) return { field: 'to', error: 'order' };
  if (by === 'day' && dayCount(from, to) > RECONCILIATION_MAX_DAYS) return { field: 'to', error: 'dayRange' };
  if (by === 'month' && monthCount(from, to) > RECONCILIATION_MAX_MONTHS) return { field: 'to', error: 'monthRange' };
  return null;
}

export function Filters({
  filter,
  invalid,
  accounts,
  accountId,
  onAccount,
  onChange,
}: {
  filter: ReconciliationFilter;
  invalid: ReturnType<typeof rangeError>;
  accounts: ReconciliationAccount[];
  accountId: string;
  onAccount: (id: string) => void;
  onChange: (next: Partial<ReconciliationFilter>) => void;
}) {
  const { t } = useTranslation('adminCatalog');
  const accountLabel = useAccountLabel();
  const ids = { account: useId(), from: useId(), to: useId(), by: useId(), error: useId() };
  const errorOf = (field: 'from' | 'to') => (invalid?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {});
  return (
    <Card className="p-4">
      <fieldset>
        <legend className="sr-only">{t('reconciliation.filtersLabel')}</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.account}>{t('reconciliation.account')}</Label>
            <Select id={ids.account} value={accountId} onChange={(e) => onAccount(e.target.value)} disabled={accounts.length === 0}>
              {accounts.map((a) => (
                <option key={a.bankAccount.id} value={a.bankAccount.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </Select>
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.from}>{t('reconciliation.from')}</Label>
            <Input id={ids.from} type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => onChange({ from: e.target.value })} {...errorOf('from')} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.to}>{t('reconciliation.to')}</Label>
            <Input id={ids.to} type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => onChange({ to: e.target.value })} {...errorOf('to')} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.by}>{t('reconciliation.by')}</Label>
            <Select id={ids.by} value={filter.by} onChange={(e) => onChange({ by: e.target.value as ReconciliationBy })}>
              <option value="day">{t('reconciliation.byDay')}</option>
              <option value="month">{t('reconciliation.byMonth')}</option>
            </Select>
          </div>
        </div>
        {invalid && (
          <p id={ids.error} role="alert" className="mt-3 text-sm text-destructive">
            {t(`reconciliation.errors.${invalid.error}`)}
          </p>
        )}
      </fieldset>
    </Card>
  );
}
