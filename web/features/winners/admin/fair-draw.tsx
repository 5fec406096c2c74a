/**
 * "Draw fairly" (docs/draws.md; contract/draw-rule.ts): beside choosing a member by hand, a verifiable
 * draw of the committee, group and month chosen in the selection form, in two steps. Commit: the server
 * freezes the month's eligible members, publishes the commitment (SHA-256 of a secret seed) and tells
 * every member; the draw can be made from its `drawableAt` (the notice members are given). Draw: it
 * reveals the seed and picks the winner from the committed list by the published rule.
 *
 * What is committed is read from the group's draw record (the admin's read), so that it shows after a
 * reload too: the commitment, the frozen count and from when it can be drawn. The Draw button waits
 * until then and enables itself. A committed draw may be voided with a reason (void-dialog.tsx). The
 * group's draw record is one button away.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Dices, Lock, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { drawBody } from '../../../../contract/winners.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { VoidCause } from '../member/record-view.tsx';
import { commitDraw, drawCommitted, fetchDrawRecord, winnerKeys, type CommitteeDetails, type DrawEntry, type DrawRecord, type DrawRecordEntry } from './api.ts';
import { isSelectionYear, monthName, shortHash, type SelectionForm } from './display.ts';
import { DrawRecordDialog } from './draw-record.tsx';
import { errorText } from './parts.tsx';
import { VoidDrawDialog, type VoidTarget } from './void-dialog.tsx';

/** What the last commit or draw of this screen answered, for the committee, group and month it was for. */
interface DrawResult {
  key: string;
  committed?: DrawEntry;
  drawn?: { winnerName: string; draw: DrawEntry };
}

/** A draw of the record with the month it is for. */
interface DatedDraw {
  entry: DrawEntry;
  month: number;
  year: number;
}

const asDraw = (entry: DrawRecordEntry | undefined): DrawEntry | undefined => (entry?.method === 'DRAW' ? entry : undefined);

/** Every draw of the record, in the order they happened month by month. */
function datedDraws(record: DrawRecord): DatedDraw[] {
  return record.months.flatMap((month) => month.entries.flatMap((entry) => (entry.method === 'DRAW' ? [{ entry, month: month.month, year: month.year }] : [])));
}

/** The longest a browser's timer waits (about 24 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the moment has come: false until then, and true from then on, by a timer set for it that
 * looks at the clock when it fires (and waits again if it fired early); cleared when the moment changes
 * or the screen goes. No moment is no wait.
 */
function useMomentReached(at: string | undefined): boolean {
  const target = at ? Date.parse(at) : Number.NaN;
  const [reachedTarget, setReachedTarget] = useState<number | null>(null);
  useEffect(() => {
    if (!Number.isFinite(target)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const wait = target - Date.now();
      if (wait <= 0) setReachedTarget(target);
      else timer = setTimeout(look, Math.min(wait, LONGEST_TIMER_MS));
    };
    look();
    return () => clearTimeout(timer);
  }, [target]);
  return !Number.isFinite(target) || reachedTarget === target || Date.now() >= target;
}

export function FairDraw({ form, details }: { form: SelectionForm; details?: CommitteeDetails }) {
  const { t, i18n } = useTranslation('adminWinners');
  const queryClient = useQueryClient();
  const titleId = useId();
  const commitHintId = useId();
  const openHintId = useId();
  const drawHintId = useId();
  const drawableId = useId();
  const wonId = useId();
  const [result, setResult] = useState<DrawResult | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);

  const month = Number(form.month);
  const year = Number(form.year);
  const ready = form.committeeId !== '' && form.groupNumber !== '' && form.month !== '' && form.year.trim() !== '' && isSelectionYear(year);
  const key = `${form.committeeId}|${form.groupNumber}|${form.month}|${form.year}`;
  const shown = result?.key === key ? result : null;
  const group = details?.groups.find((candidate) => candidate.groupNumber === form.groupNumber);

  // The group's record says what is committed, whichever month, even after a reload.
  const record = useQuery({
    queryKey: winnerKeys.drawRecord(group?.id ?? ''),
    queryFn: ({ signal }) => fetchDrawRecord(group?.id ?? '', signal),
    enabled: group !== undefined,
  });
  const draws = record.data ? datedDraws(record.data) : [];
  const isThisMonth = (draw: DatedDraw) => draw.month === month && draw.year === year;
  // Without the record (not read yet, or it failed), the commit this screen just made.
  const open: DatedDraw | undefined = record.data
    ? draws.find((draw) => draw.entry.status === 'COMMITTED')
    : shown?.committed && { entry: shown.committed, month, year };
  const openHere = ready && open !== undefined && isThisMonth(open);
  const monthDraws = ready ? draws.filter(isThisMonth) : [];
  const lastVoid = !open && monthDraws.at(-1)?.entry.status === 'VOID' ? monthDraws.at(-1)?.entry : undefined;
  const reached = useMomentReached(openHere ? open.entry.drawableAt : undefined);
  const waiting = openHere && !reached;
  // A month that has its winner (drawn, or chosen by hand, and not cancelled) is not drawn again: both
  // buttons say why rather than answer with the server's refusal.
  const monthWinner = ready
    ? record.data?.months
        .find((candidate) => candidate.month === month && candidate.year === year)
        ?.entries.find((entry) => entry.winner !== null && entry.winner.status !== 'CANCELLED' && (entry.method === 'MANUAL' || entry.status === 'DRAWN'))?.winner
    : undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: winnerKeys.all });
  const onError = (fallback: string) => async (error: unknown) => {
    notify.error(errorText(error, fallback));
    // The month was taken, a draw is committed, too early, or the pick was no longer eligible (the draw
    // is then void): the eligible members and the record are read again.
    if (error instanceof ApiError && error.status === 409) await refresh();
  };

  const commit = useMutation({
    mutationFn: (input: { key: string; committeeId: string; groupNumber: string; month: number; year: number }) =>
      commitDraw(input.committeeId, input.groupNumber, { month: input.month, year: input.year }),
    onSuccess: async (answer, input) => {
      notify.success(t('toasts.committed', { group: input.groupNumber }));
      setResult({ key: input.key, committed: asDraw(answer.data.draw) });
      await refresh();
    },
    onError: onError(t('toasts.commitFailed')),
  });

  const draw = useMutation({
    mutationFn: (input: { key: string; committeeId: string; groupNumber: string; month: number; year: number; paymentType: SelectionForm['paymentType'] }) =>
      drawCommitted(input.committeeId, input.groupNumber, { month: input.month, year: input.year, paymentType: input.paymentType }),
    onSuccess: async (answer, input) => {
      notify.success(t('toasts.drawn', { group: input.groupNumber }));
      const drawn = asDraw(answer.data.draw);
      setResult({ key: input.key, drawn: drawn ? { winnerName: answer.data.winner.winner.name || drawn.winner?.name || t('selection.unknownName'), draw: drawn } : undefined });
      await refresh();
    },
    onError: onError(t('toasts.drawFailed')),
  });

  const busy = commit.isPending || draw.isPending;
  const target = () => {
    if (!ready) {
      notify.error(t('toasts.drawMissing'));
      return null;
    }
    return { key, committeeId: form.committeeId, groupNumber: form.groupNumber, month, year };
  };
  const onCommit = () => {
    const input = busy || monthWinner ? null : target();
    if (input) commit.mutate(input);
  };
  const onDraw = () => {
    const input = busy || waiting || monthWinner ? null : target();
    if (!input) return;
    const parsed = drawBody.safeParse({ month: input.month, year: input.year, paymentType: form.paymentType });
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? t('toasts.drawMissing'));
      return;
    }
    draw.mutate({ ...input, paymentType: parsed.data.paymentType });
  };

  const period = (m: number, y: number) => `${monthName(m, i18n.language)} ${y}`;
  const openLine = open && t('draw.drawableAt', { at: formatDateTime(open.entry.drawableAt, i18n.language) });

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <Dices className="size-5 text-primary" aria-hidden />
          {t('draw.title')}
        </h2>
        {group && (
          <Button variant="outline" size="sm" onClick={() => setRecordOpen(true)}>
            <ScrollText aria-hidden />
            {t('draw.openRecord')}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('draw.intro')}</p>
      <p className="mt-2 text-sm font-medium">{ready ? t('draw.for', { group: form.groupNumber, period: period(month, year) }) : t('draw.choosePeriod')}</p>
      {monthWinner && (
        <p id={wonId} className="mt-2 rounded-xl border border-border bg-muted/40 p-3 text-sm font-medium break-words">
          {t('draw.alreadyWon', { name: monthWinner.name, group: form.groupNumber, period: period(month, year) })}
        </p>
      )}

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Step title={t('draw.commitStep')} hintId={commitHintId} hint={t('draw.commitHint')}>
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={onCommit}
            disabled={busy || open !== undefined || monthWinner !== undefined}
            aria-busy={commit.isPending}
            aria-describedby={monthWinner ? wonId : open ? openHintId : commitHintId}
          >
            <Lock aria-hidden />
            {commit.isPending ? t('draw.committing') : t('draw.commit')}
          </Button>
          <div aria-live="polite">
            {open && (
              <div className="mt-3 space-y-1 rounded-xl border border-border bg-muted/40 p-3 text-sm">
                <p className="font-semibold">{openHere ? t('draw.committed') : t('draw.committedFor', { period: period(open.month, open.year) })}</p>
                <p id={openHintId}>{t('draw.alreadyCommitted')}</p>
                <p>
                  {t('draw.commitment')}:{' '}
                  <code className="font-mono text-xs" title={open.entry.commitment}>
                    {shortHash(open.entry.commitment)}
                  </code>
                </p>
                <p>{t('draw.frozen', { count: open.entry.eligible.length })}</p>
                <p id={drawableId} className="font-medium">
                  {openLine}
                </p>
                <Button variant="outline" size="sm" className="mt-2 w-full sm:w-auto" onClick={() => setVoiding({ month: open.month, year: open.year })}>
                  <Ban aria-hidden />
                  {t('draw.void')}
                </Button>
              </div>
            )}
            {lastVoid && (
              <div className="mt-3 rounded-xl border border-dashed border-border p-3 text-sm">
                <p className="font-semibold">{t('draw.lastVoid')}</p>
                <VoidCause entry={lastVoid} />
              </div>
            )}
          </div>
        </Step>
        <Step title={t('draw.drawStep')} hintId={drawHintId} hint={t('draw.drawHint')}>
          <Button className="w-full sm:w-auto" onClick={onDraw} disabled={busy || waiting || monthWinner !== undefined} aria-busy={draw.isPending} aria-describedby={monthWinner ? wonId : waiting ? drawableId : drawHintId}>
            <Dices aria-hidden />
            {draw.isPending ? t('draw.drawing') : t('draw.draw')}
          </Button>
          <div aria-live="polite">
            {shown?.drawn && (
              <div className="mt-3 rounded-xl border border-success/40 bg-success/10 p-3 text-sm">
                <p className="font-semibold break-words">{t('draw.winner', { name: shown.drawn.winnerName })}</p>
                <p className="mt-1">{t('draw.drawnFrom')}</p>
                {shown.drawn.draw.seed && (
                  <p className="mt-1">
                    {t('draw.seed')}: <code className="font-mono text-xs" title={shown.drawn.draw.seed}>{shortHash(shown.drawn.draw.seed)}</code>
                  </p>
                )}
              </div>
            )}
          </div>
        </Step>
      </div>

      {voiding && (
        <VoidDrawDialog
          committeeId={form.committeeId}
          groupNumber={form.groupNumber}
          target={voiding}
          onClose={() => setVoiding(null)}
          onVoided={async () => {
            setResult(null);
            await refresh();
          }}
        />
      )}
      <DrawRecordDialog group={recordOpen && group ? { id: group.id, groupNumber: group.groupNumber } : null} onOpenChange={setRecordOpen} />
    </Card>
  );
}

function Step({ title, hint, hintId, children }: { title: string; hint: string; hintId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-border p-3 sm:p-4">
      <h3 className="font-semibold">{title}</h3>
      <p id={hintId} className="mt-1 mb-3 text-sm text-muted-foreground">
        {hint}
      </p>
      {children}
    </div>
  );
}
