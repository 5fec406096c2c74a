/**
 * A user's newest messages by push, WhatsApp and SMS, in their details (GET /api/admin/users/{id}/messages):
 * kind, channel, when, state, attempts and the last error, never where it went nor its words.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fetchUserMessages, userKeys } from './api.ts';

const SHOWN = 10;

export function UserMessages({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messages = useQuery({ queryKey: [...userKeys.all, 'messages', userId], queryFn: ({ signal }) => fetchUserMessages(userId, SHOWN, signal) });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t pt-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('admin.users.messages.title')}
      </h3>
      {messages.isPending ? (
        <Spinner label={t('admin.users.messages.loading')} />
      ) : messages.isError ? (
        <p className="text-sm text-destructive">
          {getErrorMessage(messages.error, t('admin.users.messages.loadFailed'))}
        </p>
      ) : messages.data.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.users.messages.empty')}</p>
      ) : (
        <>
          <ul className="space-y-2 text-sm">
            {messages.data.messages.map((message) => (
              <li key={message.id} className="rounded-md border p-2">
                <p className="font-medium">
                  {t(`admin.users.messages.kinds.${message.kind}`)} · {t(`admin.users.messages.channels.${message.channel}`)} · {t(`admin.users.messages.status.${message.status}`)}
                </p>
                <p className="text-muted-foreground">
                  {formatDateTime(message.sentAt ?? message.createdAt, i18n.language)} · {t('admin.users.messages.attempts', { count: message.attempts })}
                </p>
                {message.lastError && <p className="break-words text-destructive">{t('admin.users.messages.error', { error: message.lastError })}</p>}
              </li>
            ))}
          </ul>
          {messages.data.pagination.total > messages.data.messages.length && (
            <p className="text-sm text-muted-foreground">{t('admin.users.messages.newest', { shown: messages.data.messages.length, total: messages.data.pagination.total })}</p>
          )}
        </>
      )}
    </section>
  );
}
