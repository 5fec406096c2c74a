import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_YEAR_MAX, PAYMENT_YEAR_MIN } from '../../../contract/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { fetchActiveBankAccounts, planQueryKeys } from '../plans/api.ts';
import { checkReceiptFile, RECEIPT_ACCEPT } from '../plans/receipt-file.ts';
import { memberPaymentKeys, PAYMENT_METHOD_VALUES, submitInstalment, type MemberGroup, type PaymentMethodValue } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { useMyGroups } from './queries.ts';
import { defaultPaymentYear, monthAvailability } from './rules.ts';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export interface SubmitPaymentValues {
  groupId: string;
  amount: string;
  month: string;
  year: string;
  paymentMethod: PaymentMethodValue;
  bankAccountId: string;
  notes: string;
  receipt: File | null;
}

/** Which field a problem belongs to (for aria-invalid and focus). */
type Field = 'groupId' | 'amount' | 'month' | 'year' | 'bankAccountId' | 'receipt';

export type SubmitPaymentProblem = 'required' | 'yearRange' | 'bankAccountRequired' | 'receiptRequired' | 'wrongType' | 'tooLarge';

/**
 * The form's checks in the order of member document §5 "Member payment form": group, amount and
 * month; the year (2020–2030); a bank account; a receipt (JPG, PNG or PDF, at most 5 MB).
 * The first problem is shown; the server checks everything again.
 */
export function findSubmitPaymentProblem(values: SubmitPaymentValues): { problem: SubmitPaymentProblem; fields: Field[] } | undefined {
  const amount = Number(values.amount);
  const missing: Field[] = [];
  if (!values.groupId) missing.push('groupId');
  if (values.amount.trim() === '' || !Number.isFinite(amount) || amount <= 0) missing.push('amount');
  const month = Number(values.month);
  if (!Number.isInteger(month) || month < 1 || month > 12) missing.push('month');
  if (missing.length > 0) return { problem: 'required', fields: missing };
  const year = Number(values.year);
  if (!Number.isInteger(year) || year < PAYMENT_YEAR_MIN || year > PAYMENT_YEAR_MAX) return { problem: 'yearRange', fields: ['year'] };
  if (!values.bankAccountId) return { problem: 'bankAccountRequired', fields: ['bankAccountId'] };
  const receiptProblem = checkReceiptFile(values.receipt);
  if (receiptProblem) return { problem: receiptProblem === 'required' ? 'receiptRequired' : receiptProblem, fields: ['receipt'] };
  return undefined;
}

/** 'Submit Payment' on the Payments tab: one month's receipt for one of the member's groups. */
export function SubmitPaymentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('memberPayments');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('form.title')} description={t('form.description')} className="sm:max-w-lg">
      {open && <SubmitPaymentForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SubmitPaymentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const queryClient = useQueryClient();
  const groups = useMyGroups();
  const accounts = useQuery({ queryKey: planQueryKeys.bankAccounts, queryFn: ({ signal }) => fetchActiveBankAccounts(signal) });
  const formRef = useRef<HTMLFormElement>(null);
  const receiptRef = useRef<HTMLInputElement>(null);
  const receiptHintId = useId();

  const [values, setValues] = useState<SubmitPaymentValues>(() => ({
    groupId: '',
    amount: '',
    month: '',
    year: String(defaultPaymentYear(PAYMENT_YEAR_MIN, PAYMENT_YEAR_MAX)),
    paymentMethod: 'bank_transfer',
    bankAccountId: '',
    notes: '',
    receipt: null,
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());

  const submit = useMutation({
    mutationFn: submitInstalment,
    onSuccess: () => {
      notify.success(t('form.success'));
      void queryClient.invalidateQueries({ queryKey: memberPaymentKeys.all });
      onDone();
    },
    onError: (error) => setFormError(getErrorMessage(error, t('form.failed'))),
  });

  function update<K extends keyof SubmitPaymentValues>(key: K, value: SubmitPaymentValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setFormError(null);
    setInvalid((current) => {
      if (!current.has(key as Field)) return current;
      const next = new Set(current);
      next.delete(key as Field);
      return next;
    });
  }

  /** The months of the chosen group and year that can take a receipt; every month until a group is chosen. */
  const monthsOf = (groupId: string, year: string) => {
    const group = groups.data?.find((candidate) => candidate.id === groupId);
    return group ? monthAvailability(group.payments, Number(year)) : undefined;
  };
  const months = monthsOf(values.groupId, values.year);

  /** A month chosen before the group changed is let go when it cannot be paid in the new group. */
  function keepMonthIfOpen(groupId: string, year: string) {
    setValues((current) => {
      const availability = monthsOf(groupId, year)?.get(Number(current.month));
      return availability && availability !== 'open' ? { ...current, month: '' } : current;
    });
  }

  function chooseGroup(groupId: string) {
    const group = groups.data?.find((candidate) => candidate.id === groupId);
    update('groupId', groupId);
    // Choosing a group fills in its plan's monthly amount (member document §5).
    if (group) setValues((current) => ({ ...current, groupId, amount: String(group.plan.monthlyAmount) }));
    keepMonthIfOpen(groupId, values.year);
  }

  const monthLabel = (month: number) => {
    const name = labels.monthName(month);
    switch (months?.get(month)) {
      case 'paid':
        return t('form.monthPaid', { month: name });
      case 'underReview':
        return t('form.monthUnderReview', { month: name });
      case 'notInCycle':
        return t('form.monthNotInCycle', { month: name });
      default:
        return name;
    }
  };

  function onReceiptChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    update('receipt', file);
    const problem = file ? checkReceiptFile(file) : undefined;
    if (problem) {
      setFormError(t(`form.${problem}`));
      setInvalid(new Set(['receipt']));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const found = findSubmitPaymentProblem(values);
    if (found) {
      setFormError(t(`form.${found.problem}`));
      setInvalid(new Set(found.fields));
      // The first field to fix gets focus, so keyboard and screen-reader users land on it.
      const first = found.fields[0];
      const target = first === 'receipt' ? receiptRef.current : formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      target?.focus();
      return;
    }
    setFormError(null);
    setInvalid(new Set());
    submit.mutate({
      groupId: values.groupId,
      amount: Number(values.amount),
      month: Number(values.month),
      year: Number(values.year),
      paymentMethod: values.paymentMethod,
      bankAccountId: values.bankAccountId,
      notes: values.notes,
      receipt: values.receipt!,
    });
  }

  const invalidProps = (field: Field) => (invalid.has(field) ? { 'aria-invalid': true as const } : {});
  const busy = submit.isPending;
  const groupList: MemberGroup[] = groups.data ?? [];

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      <FormAlert message={formError} />

      <FormField label={t('form.group')} hint={groups.isPending ? t('form.groupsLoading') : groups.isError ? t('groups.loadFailed') : groupList.length === 0 ? t('groups.empty') : undefined}>
        {(control) => (
          <Select {...control} {...invalidProps('groupId')} name="groupId" value={values.groupId} onChange={(event) => chooseGroup(event.target.value)} disabled={busy || groups.isPending} aria-required>
            <option value="">{t('form.chooseGroup')}</option>
            {groupList.map((group) => (
              <option key={group.id} value={group.id}>
                {t('form.groupOption', { number: group.groupNumber, plan: group.plan.name })}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.amount')}>
          {(control) => (
            <Input
              {...control}
              {...invalidProps('amount')}
              name="amount"
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0.01}
              value={values.amount}
              onChange={(event) => update('amount', event.target.value)}
              disabled={busy}
              aria-required
            />
          )}
        </FormField>
        <FormField label={t('form.month')}>
          {(control) => (
            <Select {...control} {...invalidProps('month')} name="month" value={values.month} onChange={(event) => update('month', event.target.value)} disabled={busy} aria-required>
              <option value="">{t('form.chooseMonth')}</option>
              {MONTHS.map((month) => (
                <option key={month} value={String(month)} disabled={months !== undefined && months.get(month) !== 'open'}>
                  {monthLabel(month)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('form.year')}>
          {(control) => (
            <Input
              {...control}
              {...invalidProps('year')}
              name="year"
              type="number"
              inputMode="numeric"
              min={PAYMENT_YEAR_MIN}
              max={PAYMENT_YEAR_MAX}
              step={1}
              value={values.year}
              onChange={(event) => update('year', event.target.value)}
              disabled={busy}
              aria-required
            />
          )}
        </FormField>
        <FormField label={t('form.method')}>
          {(control) => (
            <Select {...control} name="paymentMethod" value={values.paymentMethod} onChange={(event) => update('paymentMethod', event.target.value as PaymentMethodValue)} disabled={busy}>
              {PAYMENT_METHOD_VALUES.map((method) => (
                <option key={method} value={method}>
                  {labels.method(method)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      <FormField
        label={t('form.bankAccount')}
        hint={
          accounts.isPending
            ? t('form.bankAccountsLoading')
            : accounts.isError
              ? t('form.bankAccountsFailed')
              : accounts.data.length === 0
                ? t('form.noBankAccounts')
                : t('form.bankAccountHint')
        }
      >
        {(control) => (
          <Select
            {...control}
            {...invalidProps('bankAccountId')}
            name="bankAccountId"
            value={values.bankAccountId}
            onChange={(event) => update('bankAccountId', event.target.value)}
            disabled={busy || accounts.isPending}
            aria-required
          >
            <option value="">{t('form.chooseBankAccount')}</option>
            {(accounts.data ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {t('form.bankAccountOption', { name: account.accountName, bank: account.bankName, number: account.accountNumber })}
              </option>
            ))}
          </Select>
        )}
      </FormField>

      <div className="space-y-1.5">
        <label htmlFor={`${receiptHintId}-input`} className="text-sm font-medium text-foreground">
          {t('form.receipt')}
        </label>
        <input
          ref={receiptRef}
          id={`${receiptHintId}-input`}
          name="receipt"
          type="file"
          accept={RECEIPT_ACCEPT}
          onChange={onReceiptChosen}
          disabled={busy}
          aria-required
          {...invalidProps('receipt')}
          aria-describedby={receiptHintId}
          className="block w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive file:me-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-primary-foreground"
        />
        <p id={receiptHintId} className="text-sm text-muted-foreground">
          {t('form.receiptHint')}
        </p>
      </div>

      <FormField label={t('form.notes')} optional>
        {(control) => <Textarea {...control} name="notes" value={values.notes} maxLength={500} onChange={(event) => update('notes', event.target.value)} disabled={busy} rows={3} />}
      </FormField>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('form.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          <Send aria-hidden />
          {busy ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
