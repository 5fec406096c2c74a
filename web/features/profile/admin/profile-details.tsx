/** Who the signed-in person is: the summary card (name, role, member since) and the details with Edit Profile. */
import type { ReactNode, RefObject } from 'react';
import { CalendarDays, Pencil, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatCnic, formatDate, formatDateTime } from '../../../lib/format.ts';

export function ProfileSummary({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const admin = user.role === 'ADMIN';
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="scale-125 sm:ms-1">
          <UserAvatar name={user.name} />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold break-words">{user.name}</h2>
          <p className="break-all text-muted-foreground">{user.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={admin ? 'info' : 'neutral'}>{t(`profile.roles.${user.role}`)}</Badge>
            {admin && (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                <ShieldCheck className="size-4" aria-hidden />
                {t('admin.profile.administratorAccess')}
              </span>
            )}
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden />
          {t('profile.memberSince', { date: formatDate(user.createdAt, i18n.language) })}
        </p>
      </div>
    </Card>
  );
}
export function ProfileDetails({ user, onEdit, editButton }: { user: PublicUser; onEdit: () => void; editButton: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useTranslation();
  const notProvided = <span className="text-muted-foreground">{t('profile.notProvided')}</span>;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="profile-details-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-details-title" className="text-lg font-semibold">
            {t('profile.details')}
          </h2>
          <Button ref={editButton} onClick={onEdit}>
            <Pencil aria-hidden />
            {t('profile.edit')}
          </Button>
        </div>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Detail label={t('profile.fields.name')}>{user.name}</Detail>
          <Detail label={t('profile.fields.email')}>{user.email}</Detail>
          <Detail label={t('profile.fields.phone')}>{user.phone || notProvided}</Detail>
          <Detail label={t('profile.fields.cnic')}>{user.cnic ? formatCnic(user.cnic) : notProvided}</Detail>
          <Detail label={t('profile.fields.referralCode')}>
            <span className="font-mono">{user.referralCode}</span>
          </Detail>
          <Detail label={t('profile.fields.lastLogin')}>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : notProvided}</Detail>
        </dl>
      </section>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}
