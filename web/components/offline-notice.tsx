import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';

/**
 * The notice a screen shows while the device is offline: that what it shows are the figures as last
 * read, when that was, and that nothing can be sent until the network is back. A status, so a screen
 * reader says it as it appears, without interrupting.
 */
export function OfflineNotice({ lastUpdated }: { lastUpdated?: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" className="mb-4 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-foreground">
      <WifiOff className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-medium">{t('offline.notice')}</p>
        <p className="text-muted-foreground">
          {lastUpdated === undefined ? t('offline.neverUpdated') : t('offline.lastUpdated', { time: formatDateTime(new Date(lastUpdated).toISOString(), i18n.language) })}
        </p>
      </div>
    </div>
  );
}
