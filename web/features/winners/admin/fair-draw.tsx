/**
 * "Draw fairly" (docs/draws.md; contract/draw-rule.ts): beside choosing a member by hand, a verifiable
 * draw of the committee, group and month chosen in the selection form, in two steps. Commit: the server
 * freezes the month's eligible members and publishes the commitment (SHA-256 of a secret seed). Draw:
 * it reveals the seed and picks the winner from the committed list by the published rule. The group's
 * draw record, which members can read too, is one button away.
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dices, Lock, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { drawBody } from '../../../../contract/winners.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { commitDraw, drawCommitted, winnerKeys, type CommitteeDetails, type DrawEntry, type DrawRecordEntry } from './api.ts';
import { isSelectionYear, monthName, shortHash, type SelectionForm } from './display.ts';
import { DrawRecordDialog } from './draw-record.tsx';
import { errorText } from './parts.tsx';

/** What the last commit or draw of this screen answered, for the committee, group and month it was for. */
interface DrawResult {
  key: string;
  committed?: DrawEntry;
  drawn?: { winnerName: string; draw: DrawEntry };
}

const asDraw = (entry: DrawRecordEntry | undefined): DrawEntry | undefined => (entry?.method === 'DRAW' ? entry : undefined);

export function FairDraw({ form, details }: { form: SelectionForm; details?: CommitteeDetails }) {
  const { t, i18n } = useTranslation('adminWinners');
  const queryClient = useQueryClient();
  const titleId = useId();
  const commitHintId = useId();
  const drawHintId = useId();
  const [result, setResult] = useState<DrawResult | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);

  const month = Number(form.month);
  const year = Number(form.year);
  const ready = form.committeeId !== '' && form.groupNumber !== '' && form.month !== '' && form.year.trim() !== '' && isSelectionYear(year);
  const key = `${form.committeeId}|${form.groupNumber}|${form.month}|${form.year}`;
  const shown = result?.key === key ? result : null;
  const group = details?.groups.find((candidate) => candidate.groupNumber === form.groupNumber);

  const refresh = () => queryClient.invalidateQueries({ queryKey: winnerKeys.all });
  const onError = (fallback: string) => async (error: unknown) => {
    notify.error(errorText(error, fallback));
    // The month was taken or the list changed meanwhile: the eligible members are read again.
    if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: ['admin-winners', 'eligible'] });
  };

  const commit = useMutation({
    mutationFn: (input: { key: string; committeeId: string; groupNumber: string; month: number; year: number }) =>
      commitDraw(input.committeeId, input.groupNumber, { month: input.month, year: input.year }),
    onSuccess: async (answer, input) => {
      notify.success(t('toasts.committed', { group: input.groupNumber }));
      setResult({ key: input.key, committed: asDraw(answer?.data?.draw) });
      await refresh();
    },
    onError: onError(t('toasts.commitFailed')),
  });

  const draw = useMutation({
    mutationFn: (input: { key: string; committeeId: string; groupNumber: string; month: number; year: number; paymentType: SelectionForm['paymentType'] }) =>
      drawCommitted(input.committeeId, input.groupNumber, { month: input.month, year: input.year, paymentType: input.paymentType }),
    onSuccess: async (answer, input) => {
      notify.success(t('toasts.drawn', { group: input.groupNumber }));
      const drawn = asDraw(answer?.data?.draw);
      const winner = answer?.data?.winner ?? answer?.winner;
      setResult({ key: input.key, drawn: drawn ? { winnerName: winner?.winner.name || drawn.winner?.name || t('selection.unknownName'), draw: drawn } : undefined });
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
    const input = busy ? null : target();
    if (input) commit.mutate(input);
  };
  const onDraw = () => {
    const input = busy ? null : target();
    if (!input) return;
    const parsed = drawBody.safeParse({ month: input.month, year: input.year, paymentType: form.paymentType });
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? t('toasts.drawMissing'));
      return;
    }
    draw.mutate({ ...input, paymentType: parsed.data.paymentType });
  };

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
      <p className="mt-2 text-sm font-medium">
        {ready ? t('draw.for', { group: form.groupNumber, period: `${monthName(month, i18n.language)} ${year}` }) : t('draw.choosePeriod')}
      </p>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Step title={t('draw.commitStep')} hintId={commitHintId} hint={t('draw.commitHint')}>
          <Button variant="outline" className="w-full sm:w-auto" onClick={onCommit} disabled={busy} aria-busy={commit.isPending} aria-describedby={commitHintId}>
            <Lock aria-hidden />
            {commit.isPending ? t('draw.committing') : t('draw.commit')}
          </Button>
          <div aria-live="polite">
            {shown?.committed && (
              <div className="mt-3 rounded-xl border border-border bg-muted/40 p-3 text-sm">
                <p className="font-semibold">{t('draw.committed')}</p>
                <p className="mt-1">
                  {t('draw.commitment')}: <code className="font-mono text-xs" title={shown.committed.commitment}>{shortHash(shown.committed.commitment)}</code>
                </p>
                <p className="mt-1">{t('draw.frozen', { count: shown.committed.eligible.length })}</p>
              </div>
            )}
          </div>
        </Step>
        <Step title={t('draw.drawStep')} hintId={drawHintId} hint={t('draw.drawHint')}>
          <Button className="w-full sm:w-auto" onClick={onDraw} disabled={busy} aria-busy={draw.isPending} aria-describedby={drawHintId}>
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

      <DrawRecordDialog group={recordOpen && group ? { id: group.id, groupNumber: group.groupNumber } : null} onOpenChange={setRecordOpen} />
    </Card>
  );
}

function Step({ title, hint, hintId, children }: { title: string; hint: string; hintId: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border p-3 sm:p-4">
      <h3 className="font-semibold">{title}</h3>
      <p id={hintId} className="mt-1 mb-3 text-sm text-muted-foreground">
        {hint}
      </p>
      {children}
    </div>
  );
}
