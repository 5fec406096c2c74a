/** The defaulters report's members: a table on wide screens, cards on phones, each with a link to the ledger. */
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { Defaulter } from './api.ts';
import { formatDay } from './display.ts';
import { LedgerLink, TABLET_QUERY } from './parts.tsx';

export function DefaultersList({ defaulters }: { defaulters: Defaulter[] }) {
  const { t, i18n } = useTranslation('adminPayments');
  const isDesktop = useMediaQuery(TABLET_QUERY);
  const key = (d: Defaulter, index: number) => d.userId ?? `${d.user.email}-${index}`;
  if (isDesktop) {
    return (
      <div className="overflow-x-auto rounded-2xl border border-border bg-card">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('reports.types.defaulters')}</caption>
          <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.member')}</th>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('reports.contact')}</th>
              <th scope="col" className="px-4 py-3 text-end font-medium">{t('reports.overdueCount')}</th>
              <th scope="col" className="px-4 py-3 text-end font-medium">{t('reports.overdueAmount')}</th>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('reports.oldestDue')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {defaulters.map((d, index) => (
              <tr key={key(d, index)}>
                <th scope="row" className="px-4 py-3 text-start font-medium">
                  <span className="block">{d.user.name}</span>
                  {d.userId && <LedgerLink userId={d.userId} name={d.user.name} />}
                </th>
                <td className="px-4 py-3">
                  <div className="break-all">{d.user.email}</div>
                  <div className="text-muted-foreground">{d.user.phone || t('reports.noPhone')}</div>
                </td>
                <td className="px-4 py-3 text-end">{d.overdueCount}</td>
                <td className="px-4 py-3 text-end font-medium text-destructive">{formatPkr(d.overdueAmount)}</td>
                <td className="px-4 py-3">{formatDay(d.oldestDueDate, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t('reports.types.defaulters')}>
      {defaulters.map((d, index) => (
        <li key={key(d, index)}>
          <Card className="p-4">
            <h4 className="font-semibold">{d.user.name}</h4>
            <p className="text-sm break-all text-muted-foreground">{d.user.email}</p>
            <p className="text-sm text-muted-foreground">{d.user.phone || t('reports.noPhone')}</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <InfoItem label={t('reports.overdueCount')}>{d.overdueCount}</InfoItem>
              <InfoItem label={t('reports.overdueAmount')}>
                <span className="font-medium text-destructive">{formatPkr(d.overdueAmount)}</span>
              </InfoItem>
              <InfoItem label={t('reports.oldestDue')}>{formatDay(d.oldestDueDate, i18n.language)}</InfoItem>
            </dl>
            {d.userId && (
              <div className="mt-3 border-t border-border pt-3">
                <LedgerLink userId={d.userId} name={d.user.name} />
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
