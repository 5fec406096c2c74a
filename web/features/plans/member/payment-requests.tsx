import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ExternalLink, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { WITHDRAWN_BY_MEMBER } from '../../../../contract/plan-requests.ts';
import { notify } from '../../../lib/toast.ts';
import { planQueryKeys, safeReceiptHref, uploadPlanReceipt, type PlanPaymentRequest } from './api.ts';
import { usePlanLabels } from './labels.ts';
import { isPendingRequest, planRequestStatusDisplay, planRequestStatusTone } from './plan-status.ts';
import { ReceiptField } from '../../../components/receipt-field.tsx';
import { findTransferProblems, noTransferDetails, type TransferDetailsInput } from '../../../lib/transfer-details.ts';
import { PaymentReference } from './payment-reference.tsx';
import { TransferDetailsFields } from './transfer-form.tsx';
import './catalogue.ts';

/** 'My Payment Requests' rows (member document §2, Committee Plans tab). */
export function PaymentRequestList({ requests }: { requests: PlanPaymentRequest[] }) {
  return (
    <ul className="space-y-3">
      {requests.map((request) => (
        <li key={request.id}>
          <PaymentRequestRow request={request} />
        </li>
      ))}
    </ul>
  );
}

function PaymentRequestRow({ request }: { request: PlanPaymentRequest }) {
  const { t } = useTranslation('memberPlans');
  const labels = usePlanLabels();
  const titleId = useId();
  const display = planRequestStatusDisplay(request.status);
  const hasReceipt = request.hasReceipt || Boolean(request.receiptImage);
  const receiptHref = safeReceiptHref(request.receiptImage);

  const facts = [
    { label: t('requests.amount'), value: formatPkr(request.amount) },
    { label: t('requests.method'), value: labels.paymentMethod(request.paymentMethod) },
    { label: t('requests.date'), value: labels.date(request.createdAt) },
    ...(request.committee?.name ? [{ label: t('requests.committee'), value: request.committee.name }] : []),
  ];

  return (
    <Card className="p-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {request.plan?.name}
        </h3>
        <Badge tone={planRequestStatusTone[display]}>
          <span className="sr-only">{t('requests.status')}: </span>
          <span>{t(`requestStatus.${display}`)}</span>
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs text-muted-foreground">{fact.label}</dt>
            <dd className="font-medium break-words">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {request.rejectionReason && (
        <p className="mt-3 rounded-lg bg-destructive/10 p-3 text-sm">
          <span className="font-semibold text-destructive">{t('requests.rejectionReason')}: </span>
          {/* The system's own note is written in the reader's language; an administrator's words are shown as typed, isolated from the sentence around them. */}
          {request.rejectionReason === WITHDRAWN_BY_MEMBER ? t('requests.withdrawnByMember') : <bdi>{request.rejectionReason}</bdi>}
        </p>
      )}
      {(hasReceipt || isPendingRequest(request.status)) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {hasReceipt ? (
            <>
              <Button variant="outline" size="sm" disabled>
                <CircleCheck aria-hidden />
                {t('requests.receiptUploaded')}
              </Button>
              {receiptHref && (
                <Button variant="link" size="sm" asChild>
                  <a href={receiptHref} target="_blank" rel="noopener noreferrer">
                    {t('requests.viewReceipt')}
                    <ExternalLink aria-hidden />
                    <span className="sr-only">{t('requests.opensInNewTab')}</span>
                  </a>
                </Button>
              )}
            </>
          ) : (
            <UploadReceipt request={request} />
          )}
        </div>
      )}
    </Card>
  );
}

/**
 * 'Upload Receipt' for a pending request without one: the request's payment reference to write in the
 * transfer's remarks, the transfer's date and number, and the receipt field every form uses (the client
 * checks, a preview of the chosen file), then the upload, with how much of it has gone.
 */
function UploadReceipt({ request }: { request: PlanPaymentRequest }) {
  const { t } = useTranslation('memberPlans');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [transfer, setTransfer] = useState<TransferDetailsInput>(noTransferDetails);
  const transferProblems = findTransferProblems(transfer);
  const missingDateId = useId();

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadPlanReceipt(request.id, chosen, setProgress, transfer),
    onSuccess: async () => {
      notify.success(t('requests.uploadSuccess'));
      setFile(null);
      setTransfer(noTransferDetails);
      await queryClient.invalidateQueries({ queryKey: planQueryKeys.myRequests });
    },
    onError: (failure) => setError(getErrorMessage(failure, t('requests.uploadFailed'))),
    onSettled: () => setProgress(null),
  });

  return (
    <div className="w-full space-y-3">
      {request.paymentReference && <PaymentReference reference={request.paymentReference} compact />}
      <TransferDetailsFields value={transfer} onChange={setTransfer} problems={transferProblems} disabled={upload.isPending} />
      <ReceiptField
        label={t('requests.receiptFileLabel', { name: request.plan?.name ?? '' })}
        hint={t('receipt.hint')}
        file={file}
        error={error}
        disabled={upload.isPending}
        progress={upload.isPending ? (progress ?? 0) : null}
        onChange={(chosen, problem) => {
          setFile(problem ? null : chosen);
          setError(problem ? t(`receipt.${problem}`) : null);
        }}
      />
      <Button
        size="sm"
        onClick={() => file && transferProblems.length === 0 && upload.mutate(file)}
        disabled={!file || transferProblems.length > 0 || upload.isPending}
        aria-busy={upload.isPending || undefined}
        aria-describedby={file && transferProblems.includes('transferDateRequired') ? missingDateId : undefined}
      >
        <Upload aria-hidden />
        {upload.isPending ? t('requests.uploading') : t('requests.uploadReceipt')}
      </Button>
      {transferProblems.includes('transferDateRequired') && (
        <p id={missingDateId} className="text-sm text-muted-foreground">
          {t('transfer.problems.transferDateRequired')}
        </p>
      )}
    </div>
  );
}
