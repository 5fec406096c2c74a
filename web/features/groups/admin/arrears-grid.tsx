/**
 * A group's arrears grid (RULES §6a): members down, months across. Each cell is the instalment's state
 * as a short word on its colour (the colour only repeats the word), and is named in full for screen
 * readers ("Ali Raza, March 2026: Overdue"). The rows are one page of members; footer rows total each
 * month over all the group's members (money due so far, collected, owed); the last columns total each
 * member (owed, paid). All totals are the server's, computed over the same rows as the cells. On a phone
 * the grid scrolls sideways inside its frame, the names staying in view.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupArrears } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { cn } from '../../../lib/cn.ts';
import { ledgerPath, stateLooks, useStateLabel } from '../../instalments/admin/index.ts';
import { formatMonth } from '../../../lib/format.ts';

type Month = GroupArrears['months'][number];

const monthKey = (month: number, year: number) => `${year}-${month}`;

const periodText = (month: number, year: number, language: string, style: 'long' | 'short') => formatMonth(year, month, language, style);

const stickyCell = 'sticky start-0 z-10 border-e border-border';

export function ArrearsGrid({ arrears, label }: { arrears: GroupArrears; label: string }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const states = useStateLabel();
  const captionId = useId();
  const hintId = useId();
  // In the server's order, which each member's cells follow one for one.
  const { months } = arrears;
  const long = (m: { month: number; year: number }) => periodText(m.month, m.year, i18n.language, 'long');
  const short = (m: { month: number; year: number }) => periodText(m.month, m.year, i18n.language, 'short');

  const footer: { key: 'due' | 'collected' | 'owed'; month: (m: Month) => number; total: number }[] = [
    { key: 'due', month: (m) => m.due, total: arrears.figures.dueSoFar.amount },
    { key: 'collected', month: (m) => m.collected, total: arrears.figures.collected },
    { key: 'owed', month: (m) => m.owed, total: arrears.figures.owed.amount },
  ];

  return (
    <div>
      <p id={hintId} className="mb-2 text-sm text-muted-foreground">
        {t('groups.arrears.scrollHint')}
      </p>
      {/*
        Focusable, so that a keyboard can scroll it sideways. Relative, so that the cells' screen-reader
        text (absolutely positioned) is clipped by this frame rather than widening the page.
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a labelled scrolling region must take focus so that a keyboard can scroll it */}
      <div role="region" aria-labelledby={captionId} aria-describedby={hintId} tabIndex={0} className="relative max-w-full overflow-x-auto rounded-xl border border-border bg-card">
        <table className="min-w-max border-separate border-spacing-0 text-sm">
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          <thead className="text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className={cn(stickyCell, 'border-b bg-muted px-3 py-2 text-start font-medium')}>
                {t('groups.arrears.member')}
              </th>
              {months.map((m) => (
                <th key={monthKey(m.month, m.year)} scope="col" className="border-b border-border bg-muted px-2 py-2 text-center font-medium whitespace-nowrap">
                  <abbr title={long(m)} className="no-underline">
                    {short(m)}
                  </abbr>
                </th>
              ))}
              <th scope="col" className="border-b border-s border-border bg-muted px-3 py-2 text-end font-medium">
                {t('groups.arrears.memberOwed')}
              </th>
              <th scope="col" className="border-b border-border bg-muted px-3 py-2 text-end font-medium">
                {t('groups.arrears.memberPaid')}
              </th>
            </tr>
          </thead>
          <tbody>
            {arrears.members.length === 0 && (
              <tr>
                <td colSpan={months.length + 3} className="px-3 py-6 text-center text-muted-foreground">
                  {t('groups.arrears.noMembers')}
                </td>
              </tr>
            )}
            {arrears.members.map((member) => (
              <tr key={member.userId}>
                <th scope="row" className={cn(stickyCell, 'border-b bg-card px-3 py-2 text-start font-medium')}>
                  <Link to={ledgerPath(member.userId)} className="block max-w-40 truncate text-primary underline-offset-4 hover:underline sm:max-w-56" title={member.name}>
                    {member.name}
                  </Link>
                  <span className="block text-xs font-normal text-muted-foreground">{t('groups.arrears.memberNumber', { number: member.memberNumber })}</span>
                </th>
                {months.map((m, index) => {
                  const cell = member.cells[index];
                  const period = long(m);
                  return (
                    <td key={monthKey(m.month, m.year)} className="border-b border-border px-1.5 py-1.5 text-center">
                      {cell ? (
                        <>
                          <span
                            aria-hidden
                            title={t('groups.arrears.cellTitle', { period, state: states.label(cell.state), amount: formatPkr(cell.amount) })}
                            data-state={cell.state}
                            className={cn('inline-flex min-w-16 justify-center rounded-md px-1.5 py-1 text-xs whitespace-nowrap', stateLooks[cell.state].className)}
                          >
                            {states.short(cell.state)}
                          </span>
                          <span className="sr-only">{t('groups.arrears.cellName', { name: member.name, period, state: states.label(cell.state) })}</span>
                        </>
                      ) : (
                        <>
                          <span aria-hidden className="text-muted-foreground">
                            –
                          </span>
                          <span className="sr-only">{t('groups.arrears.cellName', { name: member.name, period, state: t('groups.arrears.noInstalment') })}</span>
                        </>
                      )}
                    </td>
                  );
                })}
                <td className="border-b border-s border-border px-3 py-2 text-end whitespace-nowrap tabular-nums">
                  <span className={cn('block font-semibold', member.figures.overdue.count > 0 ? 'text-destructive' : member.figures.owed.count > 0 ? 'text-warning' : '')}>
                    {formatPkr(member.figures.owed.amount)}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t('groups.arrears.owedDetail', { count: member.figures.owed.count, overdue: member.figures.overdue.count })}
                  </span>
                </td>
                <td className="border-b border-border px-3 py-2 text-end whitespace-nowrap tabular-nums">
                  <span className="block font-semibold text-success">{formatPkr(member.figures.paid.amount)}</span>
                  <span className="block text-xs text-muted-foreground">{t('groups.arrears.paidDetail', { count: member.figures.paid.count })}</span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {footer.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={cn(stickyCell, 'border-b bg-muted px-3 py-2 text-start font-semibold')}>
                  {t(`groups.arrears.totals.${row.key}`)}
                </th>
                {months.map((m) => (
                  <td key={monthKey(m.month, m.year)} className="border-b border-border bg-muted/50 px-2 py-2 text-center whitespace-nowrap tabular-nums">
                    {formatPkr(row.month(m))}
                  </td>
                ))}
                <td colSpan={2} className="border-b border-s border-border bg-muted px-3 py-2 text-end font-bold whitespace-nowrap tabular-nums">
                  {t('groups.arrears.groupTotal', { amount: formatPkr(row.total) })}
                </td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
    </div>
  );
}
