/**
 * Approving by reconciliation: the ticked lines' receipts under review, approved together once the admin
 * confirms, each recorded in the audit log with its statement line; then what was approved, and what
 * was not and why (a plan request, a payment no longer waiting for review).
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { textOfFieldMessage } from '../../../lib/i18n.ts';
import { reconciliationKeys } from './reconciliation-api.ts';
import { statementApi, statementKeys, type ApproveResult, type StatementLineView } from './statement-api.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; bankAccountId: string; lines: StatementLineView[]; onApproved: () => void };

export function ApproveDialog({ open, onOpenChange, ...rest }: Props) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('reconciliation.approve.title')}>
      {open && <ApproveBody {...rest} />}
    </Dialog>
  );
}

function ApproveBody({ bankAccountId, lines, onApproved }: Omit<Props, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: (chosen: StatementLineView[]) => statementApi.approve(bankAccountId, chosen.map((line) => line.id)),
    onSuccess: () => {
      onApproved();
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
  });
  if (approve.isSuccess) return <ApproveResultView result={approve.data} lines={approve.variables} />;
  const total = lines.reduce((sum, line) => sum + (line.match?.payment.amount ?? 0), 0);
  return (
    <div className="space-y-4">
      <p className="text-sm">{t('reconciliation.approve.text', { count: lines.length, amount: formatPkr(total) })}</p>
      <ul className="max-h-60 space-y-1 overflow-y-auto text-sm" aria-label={t('reconciliation.approve.listLabel')}>
        {lines.map((line) => (
          <li key={line.id}>{t('reconciliation.approve.item', { line: line.line, name: line.match?.payment.memberName ?? '', amount: formatPkr(line.match?.payment.amount ?? 0) })}</li>
        ))}
      </ul>
      {approve.isError && <FormAlert message={getErrorMessage(approve.error, t('reconciliation.approve.failed'))} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button onClick={() => approve.mutate(lines)} disabled={approve.isPending || lines.length === 0} aria-busy={approve.isPending}>
          {approve.isPending ? t('reconciliation.approve.busy') : t('reconciliation.approve.confirm', { count: lines.length })}
        </Button>
      </div>
    </div>
  );
}

function ApproveResultView({ result, lines }: { result: ApproveResult; lines: StatementLineView[] }) {
  const { t } = useTranslation('adminCatalog');
  const said = useRef<HTMLParagraphElement>(null);
  // The confirm button is gone: the result takes the focus, and a screen reader reads it.
  useEffect(() => said.current?.focus(), []);
  const byId = new Map(lines.map((line) => [line.id, line]));
  return (
    <div className="space-y-4">
      <p ref={said} tabIndex={-1} role="status" className="font-semibold outline-none">
        {t('reconciliation.approve.approved', { count: result.approved })}
      </p>
      {result.refused.length > 0 && (
        <div className="space-y-1 text-sm">
          <p className="font-medium">{t('reconciliation.approve.refusedTitle')}</p>
          <ul className="list-disc space-y-1 ps-5">
            {result.refused.map((refusal) => {
              const line = byId.get(refusal.lineId);
              return (
                <li key={refusal.lineId}>
                  {t('reconciliation.approve.refused', { line: line?.line ?? '', name: line?.match?.payment.memberName ?? '', reason: textOfFieldMessage(refusal.reason) })}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>{t('common.close')}</Button>
        </DialogClose>
      </div>
    </div>
  );
}
