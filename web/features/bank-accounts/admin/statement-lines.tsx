/**
 * The account's statement lines of the period: all, matched or open, a page at a time, each saying why
 * it was matched and to which payment. The matched receipts under review are ticked for approval (the
 * admin may untick any), approved together after a confirmation; "Match again" runs the matching over
 * the open lines (after new receipts came in).
 */
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FilterField } from '../../../components/filter-field.tsx';
import { useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { TABLE_QUERY } from './reconciliation-labels.ts';
import { statementApi, statementKeys, type LinesShow, type StatementLineView } from './statement-api.ts';
import { ApproveDialog } from './statement-approve-dialog.tsx';
import { LineCard, LineRow, type LineSelection } from './statement-line-item.tsx';
import { approvable, tickedByDefault } from './statement-text.ts';

const SHOWS: LinesShow[] = ['all', 'matched', 'open'];

export function StatementLines({ bankAccountId, from, to }: { bankAccountId: string; from: string; to: string }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const wide = useMediaQuery(TABLE_QUERY);
  const headingId = useId();
  const [show, setShow] = useState<LinesShow>('all');
  const [page, setPage] = useState(1);
  // The admin's own ticks and unticks; every other approvable line keeps its default.
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const filter = { bankAccountId, from, to, show, page };
  const lines = useQuery({ queryKey: statementKeys.lines(filter), queryFn: ({ signal }) => statementApi.lines(filter, signal), placeholderData: keepPreviousData });
  useLoadErrorToast(lines.error, lines.errorUpdatedAt, t('reconciliation.lines.loadFailed'));

  const match = useMutation({
    mutationFn: () => statementApi.match(bankAccountId),
    onSuccess: (run) => {
      notify.success(t('reconciliation.lines.matchedAgain', { matched: run.matched, byReference: run.byReference, byAmount: run.byAmountDateName, open: run.open }));
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
    onError: (error) => notify.error(getErrorMessage(error, t('reconciliation.lines.matchFailed'))),
  });

  const selection: LineSelection = {
    isTicked: (line) => approvable(line) && (choices.get(line.id) ?? tickedByDefault(line)),
    onTick: (line, ticked) => setChoices((current) => new Map(current).set(line.id, ticked)),
  };
  const data = lines.data;
  const ticked = (data?.lines ?? []).filter(selection.isTicked);
  const label = t('reconciliation.lines.listLabel');

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {t('reconciliation.lines.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('reconciliation.lines.hint')}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterField label={t('reconciliation.lines.show')} className="sm:w-56">
          {(id) => (
            <Select
              id={id}
              value={show}
              onChange={(e) => {
                setShow(e.target.value as LinesShow);
                setPage(1);
              }}
            >
              {SHOWS.map((value) => (
                <option key={value} value={value}>
                  {t(`reconciliation.lines.shows.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </FilterField>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => match.mutate()} disabled={match.isPending} aria-busy={match.isPending}>
            <Link2 aria-hidden />
            {t('reconciliation.lines.matchAgain')}
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={ticked.length === 0}>
            <CheckCheck aria-hidden />
            {t('reconciliation.lines.approve', { count: ticked.length })}
          </Button>
        </div>
      </div>
      {lines.isPending ? (
        <Spinner label={t('reconciliation.lines.loading')} className="justify-center py-8" />
      ) : lines.isError && !data ? (
        <LoadError compact message={getErrorMessage(lines.error, t('reconciliation.lines.loadFailed'))} onRetry={() => void lines.refetch()} />
      ) : !data || data.lines.length === 0 ? (
        <p className="text-muted-foreground">{t(`reconciliation.lines.empty.${show}`)}</p>
      ) : (
        <>
          {wide ? <LinesTable lines={data.lines} label={label} selection={selection} /> : <LinesCards lines={data.lines} label={label} selection={selection} />}
          <Pager page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} label={t('reconciliation.lines.pager')} />
        </>
      )}
      <ApproveDialog
        open={confirming}
        onOpenChange={setConfirming}
        bankAccountId={bankAccountId}
        lines={ticked}
        onApproved={() => setChoices(new Map())}
      />
    </section>
  );
}

function LinesTable({ lines, label, selection }: { lines: StatementLineView[]; label: string; selection: LineSelection }) {
  const { t } = useTranslation('adminCatalog');
  const th = 'px-3 py-3 text-start font-medium';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={th}>{t('reconciliation.lines.columns.approve')}</th>
            <th scope="col" className={th}>{t('reconciliation.lines.columns.date')}</th>
            <th scope="col" className={th}>{t('reconciliation.lines.columns.description')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.lines.columns.amount')}</th>
            <th scope="col" className={th}>{t('reconciliation.lines.columns.why')}</th>
            <th scope="col" className={th}>{t('reconciliation.lines.columns.payment')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {lines.map((line) => (
            <LineRow key={line.id} line={line} selection={selection} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LinesCards({ lines, label, selection }: { lines: StatementLineView[]; label: string; selection: LineSelection }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {lines.map((line) => (
        <li key={line.id}>
          <LineCard line={line} selection={selection} />
        </li>
      ))}
    </ul>
  );
}
