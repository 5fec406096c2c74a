/**
 * Edit User (admin document §2 and §5): name and email required, phone optional, role USER or
 * ADMIN. Checked with the same schema the server uses (contract/users.ts). The server's refusals
 * (an email in use, removing one's own or the last administrator role) are shown in the dialog. Below
 * the form, the user's newest messages by push, WhatsApp and SMS (user-messages.tsx).
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { authMessages } from '../../../../contract/accounts.ts';
import { adminUserUpdateBody } from '../../../../contract/users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { getErrorMessage, type ApiError } from '../../../lib/api-client.ts';
import { fieldError, showServerFieldErrors } from '../../../lib/forms.ts';
import type { AdminUser } from './api.ts';
import { UserMessages } from './user-messages.tsx';

type EditValues = z.input<typeof adminUserUpdateBody>;
type EditField = keyof EditValues;
const fields: EditField[] = ['name', 'email', 'phone', 'role'];

const valuesOf = (user: AdminUser | null): EditValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  role: user?.role ?? 'USER',
});

interface EditUserDialogProps {
  /** The user being edited; null when the dialog is closed. */
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
  /** Saves; rejects with the server's refusal. */
  onSave: (user: AdminUser, values: z.output<typeof adminUserUpdateBody>) => Promise<unknown>;
}

export function EditUserDialog({ user, onOpenChange, onSave }: EditUserDialogProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(adminUserUpdateBody), defaultValues: valuesOf(user) });

  // Each opening starts from the user as they are now.
  useEffect(() => {
    if (user) {
      reset(valuesOf(user));
      setFormError(null);
    }
  }, [user, reset]);

  async function onSubmit(values: z.output<typeof adminUserUpdateBody>) {
    if (!user) return;
    setFormError(null);
    try {
      await onSave(user, values);
    } catch (error) {
      const emailTaken = (conflict: ApiError) => (conflict.message === authMessages.emailTaken ? ('email' as const) : undefined);
      if (!showServerFieldErrors(error, fields, setError, emailTaken)) setFormError(getErrorMessage(error, t('admin.users.toast.updateFailed')));
    }
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !isSubmitting && onOpenChange(open)}
      title={t('admin.users.edit.title')}
      description={user ? t('admin.users.edit.description', { name: user.name }) : undefined}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <FormAlert message={formError} />
        <FormField label={t('admin.users.edit.name')} error={fieldError(errors.name)}>
          {(control) => <Input {...control} {...register('name')} autoComplete="off" maxLength={100} />}
        </FormField>
        <FormField label={t('admin.users.edit.email')} error={fieldError(errors.email)}>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" maxLength={254} />}
        </FormField>
        <FormField label={t('admin.users.edit.phone')} optional error={fieldError(errors.phone)}>
          {(control) => <Input {...control} {...register('phone')} type="tel" autoComplete="off" maxLength={20} />}
        </FormField>
        <FormField label={t('admin.users.edit.role')} error={fieldError(errors.role)}>
          {(control) => (
            <Select {...control} {...register('role')}>
              <option value="USER">{t('admin.users.roles.USER')}</option>
              <option value="ADMIN">{t('admin.users.roles.ADMIN')}</option>
            </Select>
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('admin.users.edit.saving') : t('admin.users.edit.save')}
          </Button>
        </div>
      </form>
      {user && <UserMessages userId={user.id} />}
    </Dialog>
  );
}
