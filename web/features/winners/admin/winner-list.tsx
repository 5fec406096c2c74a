/** The winners of one page: a table on wide screens and cards on phones, each with Update and (unless cancelled) Cancel. */
import { useId } from 'react';
import { Ban, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { WIDE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { Winner } from './api.ts';
import { formatDate, shortPeriod, winnerStatusOf } from './display.ts';
import { PaymentTypeBadge, WinnerStatusBadge } from './parts.tsx';

interface WinnerListProps {
  winners: Winner[];
  onUpdate: (winner: Winner) => void;
  onCancel: (winner: Winner) => void;
}
export function WinnerList(props: WinnerListProps) {
  const isWide = useMediaQuery(WIDE_QUERY);
  return isWide ? <WinnerTable {...props} /> : <WinnerCards {...props} />;
}

function useWinnerText() {
  const { t, i18n } = useTranslation('adminWinners');
  return {
    name: (winner: Winner) => winner.winner.name || t('manage.unknown'),
    email: (winner: Winner) => winner.winner.email || t('manage.noEmail'),
    committee: (winner: Winner) => winner.committee.name || t('manage.unknown'),
    period: (winner: Winner) => shortPeriod(winner.month, winner.year, i18n.language),
    selected: (winner: Winner) => formatDate(winner.selectedAt, i18n.language),
  };
}

function RowActions({ winner, onUpdate, onCancel }: { winner: Winner } & Omit<WinnerListProps, 'winners'>) {
  const { t } = useTranslation('adminWinners');
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onUpdate(winner)}>
        <Pencil aria-hidden />
        {t('manage.update')}
      </Button>
      {winnerStatusOf(winner.status) !== 'CANCELLED' && (
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => onCancel(winner)}>
          <Ban aria-hidden />
          {t('manage.cancel')}
        </Button>
      )}
    </>
  );
}

function WinnerTable({ winners, onUpdate, onCancel }: WinnerListProps) {
  const { t } = useTranslation('adminWinners');
  const text = useWinnerText();
  const th = 'px-4 py-3 text-start font-medium';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full min-w-[64rem] text-sm">
        <caption className="sr-only">{t('manage.listLabel')}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={th}>{t('manage.columns.winner')}</th>
            <th scope="col" className={th}>{t('manage.columns.committee')}</th>
            <th scope="col" className={th}>{t('manage.columns.group')}</th>
            <th scope="col" className={th}>{t('manage.columns.period')}</th>
            <th scope="col" className="px-4 py-3 text-end font-medium">{t('manage.columns.amount')}</th>
            <th scope="col" className={th}>{t('manage.columns.paymentType')}</th>
            <th scope="col" className={th}>{t('manage.columns.status')}</th>
            <th scope="col" className={th}>{t('manage.columns.selected')}</th>
            <th scope="col" className="px-4 py-3 text-end font-medium">{t('manage.columns.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {winners.map((winner) => (
            <tr key={winner.id} className="align-top">
              <th scope="row" className="max-w-56 px-4 py-3 text-start font-normal">
                <div className="font-medium">{text.name(winner)}</div>
                <div className="truncate text-muted-foreground" title={winner.winner.email ?? undefined}>
                  {text.email(winner)}
                </div>
              </th>
              <td className="px-4 py-3">{text.committee(winner)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{winner.groupNumber}</td>
              <td className="px-4 py-3 whitespace-nowrap">{text.period(winner)}</td>
              <td className="px-4 py-3 text-end font-medium whitespace-nowrap">{formatPkr(winner.amount)}</td>
              <td className="px-4 py-3">
                <PaymentTypeBadge type={winner.paymentType} />
              </td>
              <td className="px-4 py-3">
                <WinnerStatusBadge status={winner.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={winner.selectedAt}>{text.selected(winner)}</time>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap justify-end gap-1.5">
                  <RowActions winner={winner} onUpdate={onUpdate} onCancel={onCancel} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WinnerCards({ winners, onUpdate, onCancel }: WinnerListProps) {
  const { t } = useTranslation('adminWinners');
  return (
    <ul aria-label={t('manage.listLabel')} className="grid gap-3 md:grid-cols-2">
      {winners.map((winner) => (
        <WinnerCard key={winner.id} winner={winner} onUpdate={onUpdate} onCancel={onCancel} />
      ))}
    </ul>
  );
}

function WinnerCard({ winner, onUpdate, onCancel }: { winner: Winner } & Omit<WinnerListProps, 'winners'>) {
  const { t } = useTranslation('adminWinners');
  const text = useWinnerText();
  const nameId = useId();
  return (
    <li className="min-w-0">
      <Card className="h-full p-4">
        <article aria-labelledby={nameId}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={nameId} className="font-semibold break-words">
                {text.name(winner)}
              </h3>
              <p className="text-sm break-all text-muted-foreground">{text.email(winner)}</p>
            </div>
            <div className="flex flex-wrap gap-1">
              <PaymentTypeBadge type={winner.paymentType} />
              <WinnerStatusBadge status={winner.status} />
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-muted-foreground">{t('manage.columns.committee')}</dt>
              <dd className="break-words">{text.committee(winner)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('manage.columns.group')}</dt>
              <dd>{winner.groupNumber}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('manage.columns.period')}</dt>
              <dd>{text.period(winner)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('manage.columns.amount')}</dt>
              <dd className="font-semibold">{formatPkr(winner.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('manage.columns.selected')}</dt>
              <dd>
                <time dateTime={winner.selectedAt}>{text.selected(winner)}</time>
              </dd>
            </div>
            {winner.notes && (
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-muted-foreground">{t('manage.notes')}</dt>
                <dd className="break-words whitespace-pre-line">{winner.notes}</dd>
              </div>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <RowActions winner={winner} onUpdate={onUpdate} onCancel={onCancel} />
          </div>
        </article>
      </Card>
    </li>
  );
}
