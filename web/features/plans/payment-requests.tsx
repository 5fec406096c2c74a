import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ExternalLink, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../contract/money.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/toast.ts';
import { planQueryKeys, safeReceiptHref, uploadPlanReceipt, type PlanPaymentRequest } from './api.ts';
import { usePlanLabels } from './labels.ts';
import { isPendingRequest, planRequestStatusDisplay, planRequestStatusTone } from './plan-status.ts';
import { checkReceiptFile, RECEIPT_ACCEPT } from './receipt-file.ts';

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
          {request.rejectionReason}
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

/** 'Upload Receipt' for a pending request without one: a file picker, the client checks, the upload. */
function UploadReceipt({ request }: { request: PlanPaymentRequest }) {
  const { t } = useTranslation('memberPlans');
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => uploadPlanReceipt(request.id, file),
    onSuccess: async () => {
      notify.success(t('requests.uploadSuccess'));
      await queryClient.invalidateQueries({ queryKey: planQueryKeys.myRequests });
    },
    onError: (failure) => setError(getErrorMessage(failure, t('requests.uploadFailed'))),
  });

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a fix or a failure) still counts.
    event.target.value = '';
    if (!file) return;
    const problem = checkReceiptFile(file);
    if (problem) {
      setError(t(`receipt.${problem}`));
      return;
    }
    setError(null);
    upload.mutate(file);
  }

  return (
    <div className="w-full">
      <input
        ref={inputRef}
        type="file"
        accept={RECEIPT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('requests.receiptFileLabel', { name: request.plan?.name ?? '' })}
        onChange={onFileChosen}
        disabled={upload.isPending}
      />
      <Button
        size="sm"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        aria-busy={upload.isPending || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <Upload aria-hidden />
        {upload.isPending ? t('requests.uploading') : t('requests.uploadReceipt')}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
