/**
 * The group's draw record at a link anyone can open without signing in, names shortened
 * (GET, POST, DELETE /api/admin/groups/{id}/draw-record-link): read when the record opens; published,
 * made anew (the old link stops) or revoked (after a confirmation). The link is shown in full, wrapped,
 * with a button that copies it.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Link2Off, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { fetchDrawRecordLink, publishDrawRecordLink, revokeDrawRecordLink, winnerKeys, type DrawRecordLink, type DrawRecordLinkAnswer } from './api.ts';
import { errorText } from './parts.tsx';

export function PublishLink({ groupId }: { groupId: string }) {
  const { t } = useTranslation('adminWinners');
  const queryClient = useQueryClient();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const linkKey = winnerKeys.drawRecordLink(groupId);
  // Read afresh each time the record opens: another admin may have changed it.
  const link = useQuery({ queryKey: linkKey, queryFn: ({ signal }) => fetchDrawRecordLink(groupId, signal), staleTime: 0 });

  const settle = (answer: DrawRecordLinkAnswer) => {
    queryClient.setQueryData<DrawRecordLink | null>(linkKey, answer.data.link);
    if (answer.message) notify.success(textOfAnswer({ code: answer.code, message: answer.message }));
  };
  const onError = (fallback: string) => async (error: unknown) => {
    notify.error(errorText(error, fallback));
    // Revoked or made anew elsewhere: read it again.
    if (error instanceof ApiError && error.status === 404) await link.refetch();
  };
  const publish = useMutation({ mutationFn: () => publishDrawRecordLink(groupId), onSuccess: settle, onError: onError(t('link.failed')) });
  const revoke = useMutation({
    mutationFn: () => revokeDrawRecordLink(groupId),
    onSuccess: (answer) => {
      setConfirming(false);
      settle(answer);
    },
    onError: async (error) => {
      setConfirming(false);
      await onError(t('link.failed'))(error);
    },
  });
  const busy = publish.isPending || revoke.isPending;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border p-3 sm:p-4">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <Link2 className="size-5 text-primary" aria-hidden />
        {t('link.title')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('link.explain')}</p>
      <div className="mt-3">
        {link.isPending ? (
          <Spinner label={t('link.loading')} className="text-sm" />
        ) : link.isError ? (
          <div className="flex flex-wrap items-center gap-2">
            <p role="alert" className="text-sm font-medium">
              {errorText(link.error, t('link.loadFailed'))}
            </p>
            <Button variant="outline" size="sm" onClick={() => void link.refetch()} disabled={link.isFetching}>
              {t('record.retry')}
            </Button>
          </div>
        ) : link.data === null ? (
          <div className="space-y-2">
            <p className="text-sm">{t('link.none')}</p>
            <Button size="sm" className="w-full sm:w-auto" onClick={() => publish.mutate()} disabled={busy} aria-busy={publish.isPending}>
              <Link2 aria-hidden />
              {publish.isPending ? t('link.publishing') : t('link.publish')}
            </Button>
          </div>
        ) : (
          <LinkShown link={link.data} busy={busy} renewing={publish.isPending} onRenew={() => publish.mutate()} onRevoke={() => setConfirming(true)} />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !revoke.isPending && setConfirming(open)}
        title={t('link.revokeTitle')}
        description={t('link.revokeExplain')}
        confirmLabel={revoke.isPending ? t('link.revoking') : t('link.revokeConfirm')}
        onConfirm={() => revoke.mutate()}
        busy={revoke.isPending}
        destructive
      />
    </section>
  );
}

/** The published link in full, wrapped, with Copy; then make a new one, or revoke it. */
function LinkShown({ link, busy, renewing, onRenew, onRevoke }: { link: DrawRecordLink; busy: boolean; renewing: boolean; onRenew: () => void; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('adminWinners');
  async function copy() {
    try {
      await copyToClipboard(link.url);
      notify.success(t('link.copied'));
    } catch {
      notify.error(t('link.copyFailed'));
    }
  }
  return (
    <div className="space-y-3">
      <dl className="min-w-0">
        <dt className="text-xs text-muted-foreground">{t('link.url')}</dt>
        <dd className="mt-1 flex items-start gap-1">
          <code dir="ltr" className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all select-all">{link.url}</code>
          <Button variant="outline" size="sm" className="shrink-0" onClick={() => void copy()}>
            <Copy aria-hidden />
            {t('link.copy')}
          </Button>
        </dd>
        <dd className="mt-1 text-xs text-muted-foreground">{t('link.publishedAt', { at: formatDateTime(link.createdAt, i18n.language) })}</dd>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" size="sm" onClick={onRenew} disabled={busy} aria-busy={renewing}>
          <RefreshCw aria-hidden />
          {renewing ? t('link.publishing') : t('link.renew')}
        </Button>
        <Button variant="outline" size="sm" onClick={onRevoke} disabled={busy}>
          <Link2Off aria-hidden />
          {t('link.revoke')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('link.renewHint')}</p>
    </div>
  );
}
