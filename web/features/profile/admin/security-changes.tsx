/**
 * "Recent security changes" on the profile page, below the sessions (decision 047): the person's own
 * password, email and two-factor changes, a lock after wrong codes, and an administrator's change of
 * their role; each with when, from which device and address. What to check when a notice email
 * arrives: a change they do not recognise is a reason to change the password and sign out the others.
 */
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SecurityChange } from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fetchSecurityChanges, securityChangeKeys } from './sessions-api.ts';
import './catalogue.ts';

export function SecurityChangesPanel() {
  const { t } = useTranslation();
  const changes = useQuery({ queryKey: securityChangeKeys.mine, queryFn: ({ signal }) => fetchSecurityChanges(signal) });
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="security-changes-title" className="space-y-4">
        <div>
          <h2 id="security-changes-title" className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {t('profile.sessions.recentChanges.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('profile.sessions.recentChanges.description')}</p>
        </div>
        {changes.isPending && <Spinner label={t('profile.sessions.recentChanges.loading')} />}
        {changes.isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(changes.error, t('profile.sessions.recentChanges.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void changes.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        )}
        {changes.data && changes.data.length === 0 && <p className="text-sm text-muted-foreground">{t('profile.sessions.recentChanges.none')}</p>}
        {changes.data && changes.data.length > 0 && (
          <ul aria-label={t('profile.sessions.recentChanges.listLabel')} className="divide-y divide-border rounded-lg border border-border">
            {changes.data.map((change) => (
              <ChangeRow key={change.id} change={change} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function ChangeRow({ change }: { change: SecurityChange }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex flex-col gap-1 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t(`profile.sessions.recentChanges.actions.${change.action}`)}</span>
        {change.byAdmin && <Badge tone="info">{t('profile.sessions.recentChanges.byAdmin')}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {formatDateTime(change.createdAt, i18n.language)}
        {' · '}
        {change.device ?? t('profile.sessions.unknownDevice')}
        {change.ip && (
          <>
            {' · '}
            {t('profile.sessions.address', { ip: change.ip })}
          </>
        )}
      </p>
    </li>
  );
}
