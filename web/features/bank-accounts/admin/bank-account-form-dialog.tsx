import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACCOUNT_TYPES, bankAccountBody, type BankAccountBody } from '../../../../contract/bank-accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { fieldError } from '../../../lib/forms.ts';
import { notify } from '../../../lib/toast.ts';
import { type BankAccount, bankAccountApi, bankAccountKeys } from './api.ts';
import { CheckboxField, reportFormError } from '../../../components/page-parts.tsx';

type BankFormValues = z.input<typeof bankAccountBody>;
const bankFields = ['accountName', 'accountNumber', 'bankName', 'accountType', 'branchCode', 'branchName', 'iban', 'swiftCode', 'isActive', 'isDefault'] as const;
const typeKeys = { Current: 'current', Savings: 'savings', 'Mobile Account': 'mobileAccount' } as const;

/** Add or edit a bank account, with the fields of the shared schema (admin document §5 "Bank account"). */
export function BankAccountFormDialog({ open, onOpenChange, account }: { open: boolean; onOpenChange: (open: boolean) => void; account?: BankAccount | null }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={account ? t('bank.form.editTitle') : t('bank.form.createTitle')} className="sm:max-w-xl">
      {open && <BankAccountForm account={account ?? null} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function BankAccountForm({ account, onDone }: { account: BankAccount | null; onDone: () => void }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankFormValues, unknown, BankAccountBody>({
    resolver: zodResolver(bankAccountBody),
    defaultValues: {
      accountName: account?.accountName ?? '',
      accountNumber: account?.accountNumber ?? '',
      bankName: account?.bankName ?? '',
      // No type chosen yet on a new account: the schema then says 'Account type is required'.
      accountType: (account?.accountType ?? '') as BankFormValues['accountType'],
      branchCode: account?.branchCode ?? '',
      branchName: account?.branchName ?? '',
      iban: account?.iban ?? '',
      swiftCode: account?.swiftCode ?? '',
      isActive: account?.isActive ?? true,
      isDefault: account?.isDefault ?? false,
    },
  });

  const save = useMutation({
    mutationFn: (body: BankAccountBody) => (account ? bankAccountApi.updateBankAccount(account.id, body) : bankAccountApi.createBankAccount(body)),
    onSuccess: () => {
      notify.success(account ? t('bank.toast.updated') : t('bank.toast.created'));
      void queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
      onDone();
    },
    onError: (error) => reportFormError(error, bankFields, setError, account ? t('bank.toast.updateFailed') : t('bank.toast.createFailed')),
  });

  // The default flag can only be given here; taking it away means making another account the default.
  const isDefaultAlready = account?.isDefault ?? false;

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-4">
      <FormField label={t('bank.form.accountName')} error={fieldError(errors.accountName)}>
        {(control) => <Input {...control} {...register('accountName')} autoComplete="off" placeholder={t('bank.form.accountNamePlaceholder')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('bank.form.bankName')} error={fieldError(errors.bankName)}>
          {(control) => <Input {...control} {...register('bankName')} autoComplete="off" placeholder={t('bank.form.bankNamePlaceholder')} />}
        </FormField>
        <FormField label={t('bank.form.accountType')} error={fieldError(errors.accountType)}>
          {(control) => (
            <Select {...control} {...register('accountType')}>
              <option value="">{t('bank.form.chooseType')}</option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`bank.form.typeOptions.${typeKeys[type]}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t('bank.form.accountNumber')} error={fieldError(errors.accountNumber)}>
        {(control) => <Input {...control} {...register('accountNumber')} autoComplete="off" inputMode="text" placeholder={t('bank.form.accountNumberPlaceholder')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('bank.form.branchName')} optional error={fieldError(errors.branchName)}>
          {(control) => <Input {...control} {...register('branchName')} autoComplete="off" />}
        </FormField>
        <FormField label={t('bank.form.branchCode')} optional error={fieldError(errors.branchCode)}>
          {(control) => <Input {...control} {...register('branchCode')} autoComplete="off" maxLength={20} />}
        </FormField>
        <FormField label={t('bank.form.iban')} optional error={fieldError(errors.iban)}>
          {(control) => <Input {...control} {...register('iban')} autoComplete="off" autoCapitalize="characters" maxLength={34} placeholder={t('bank.form.ibanPlaceholder')} />}
        </FormField>
        <FormField label={t('bank.form.swiftCode')} optional error={fieldError(errors.swiftCode)}>
          {(control) => <Input {...control} {...register('swiftCode')} autoComplete="off" autoCapitalize="characters" maxLength={11} />}
        </FormField>
      </div>
      <CheckboxField label={t('bank.form.isActive')} {...register('isActive')} />
      <CheckboxField
        label={t('bank.form.isDefault')}
        hint={isDefaultAlready ? t('bank.form.isDefaultAlready') : t('bank.form.isDefaultHint')}
        disabled={isDefaultAlready}
        {...register('isDefault')}
      />

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t('common.saving') : t('bank.form.submit')}
        </Button>
      </div>
    </form>
  );
}
