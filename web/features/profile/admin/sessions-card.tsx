/**
 * "Sessions" on the profile page (members' /profile and admins' /admin/profile): every device where
 * the person is signed in (browser and system, address, when), "This device" on the current one, and
 * "Sign out other sessions" after a confirmation. The others' next request is refused at once.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchSessions, sessionKeys, signOutOtherSessions } from './sessions-api.ts';
import './catalogue.ts';

export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionKeys.mine, queryFn: ({ signal }) => fetchSessions(signal) });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  async function signOutOthers() {
    setBusy(true);
    try {
      const count = await signOutOtherSessions();
      setConfirming(false);
      notify.success(t('profile.sessions.signedOut', { count }));
    } catch (error) {
      notify.error(getErrorMessage(error, t('profile.sessions.signOutFailed')));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="sessions-title" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h2 id="sessions-title" className="flex items-center gap-2 text-lg font-semibold">
              <MonitorSmartphone className="size-5 text-primary" aria-hidden />
              {t('profile.sessions.title')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('profile.sessions.description')}</p>
          </div>
          {sessions.data && (
            <Button variant="outline" onClick={() => setConfirming(true)} disabled={others === 0}>
              {t('profile.sessions.signOutOthers')}
            </Button>
          )}
        </div>

        {sessions.isPending && <Spinner label={t('profile.sessions.loading')} />}
        {sessions.isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(sessions.error, t('profile.sessions.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        )}
        {sessions.data && (
          <ul aria-label={t('profile.sessions.listLabel')} className="divide-y divide-border rounded-lg border border-border">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        {sessions.data && others === 0 && <p className="text-sm text-muted-foreground">{t('profile.sessions.noOthers')}</p>}
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !busy && setConfirming(open)}
        title={t('profile.sessions.confirmTitle')}
        description={t('profile.sessions.confirmDescription', { count: others })}
        confirmLabel={busy ? t('profile.sessions.signingOut') : t('profile.sessions.confirm')}
        onConfirm={() => void signOutOthers()}
        busy={busy}
        destructive
      />
    </Card>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t, i18n } = useTranslation();
  const software =
    session.browser && session.os
      ? t('profile.sessions.browserOn', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os);
  // "Chrome on Android · Samsung SM-S911B": what a person recognises, never the raw User-Agent.
  const device = software && session.device ? t('profile.sessions.onDevice', { software, device: session.device }) : (software ?? session.device ?? t('profile.sessions.unknownDevice'));
  return (
    <li className="flex flex-col gap-1 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{device}</span>
        {session.current && <Badge tone="success">{t('profile.sessions.thisDevice')}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {t('profile.sessions.signedIn', { date: formatDateTime(session.createdAt, i18n.language) })}
        {session.ip && (
          <>
            {' · '}
            {t('profile.sessions.address', { ip: session.ip })}
          </>
        )}
      </p>
    </li>
  );
}
