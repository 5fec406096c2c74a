/** /admin/payment-detail/{paymentId} (admin document §2 "Payment detail"). */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Check, SearchX, X } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { WITHDRAWN_BY_MEMBER } from '../../../../contract/plan-requests.ts';
import type { BankAccountSnapshot } from '../../../../contract/instalments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LedgerLink, TransferFacts } from '../../instalments/admin/index.ts';
import { fetchPlanPayment, requestKeys, type PlanPayment } from './api.ts';
import { formatCnic, formatDateTime, hasReceipt, isPending } from './display.ts';
import { RECEIPT_LINK_REFRESH_MS, StatusBadge, usePaymentMethodLabel } from './parts.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { ReceiptPreview } from './receipt-preview.tsx';
import { ApproveDialog, RejectDialog } from './review-dialogs.tsx';

const LIST_PATH = '/admin/plan-requests';

export function PaymentDetailPage() {
  const { t } = useTranslation('adminRequests');
  useDocumentTitle(t('detail.pageTitle'));
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  const leaving = useRef(false);

  const query = useQuery({
    queryKey: requestKeys.detail(paymentId),
    queryFn: ({ signal }) => fetchPlanPayment(paymentId, signal),
    // Keeps the signed receipt link fresh while the page stays open.
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  const notFound = query.isLoadingError && query.error instanceof ApiError && query.error.status === 404;

  // Any other failure before the payment was shown: say so and go back to the list (admin document §8).
  useEffect(() => {
    if (!query.isLoadingError || notFound || leaving.current) return;
    leaving.current = true;
    notify.error(t('detail.loadFailed'));
    void navigate(LIST_PATH, { replace: true });
  }, [query.isLoadingError, notFound, navigate, t]);

  if (notFound) return <PaymentNotFound />;
  if (!query.data) return <Spinner label={t('detail.loading')} className="justify-center py-12" />;
  return <PaymentDetails payment={query.data} />;
}

function BackLink() {
  const { t } = useTranslation('adminRequests');
  return (
    <Button variant="ghost" size="sm" asChild className="-ms-3">
      <Link to={LIST_PATH}>
        <ArrowLeft aria-hidden className="rtl:rotate-180" />
        {t('detail.back')}
      </Link>
    </Button>
  );
}

function PaymentNotFound() {
  const { t } = useTranslation('adminRequests');
  return (
    <Card className="mx-auto mt-6 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <SearchX className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{t('detail.notFound.title')}</h1>
      <p className="text-muted-foreground">{t('detail.notFound.description')}</p>
      <Button asChild className="mt-2">
        <Link to={LIST_PATH}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t('detail.back')}
        </Link>
      </Button>
    </Card>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={id} className="p-4 sm:p-5">
        <h2 id={id} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The request as GET /api/plan-payments/{id} sends it, with the account the member paid into (as it was then). */
function PaymentDetails({ payment }: { payment: PlanPayment & { bankAccount?: BankAccountSnapshot | null } }) {
  const { t, i18n } = useTranslation('adminRequests');
  const { t: catalog } = useTranslation('adminCatalog');
  const methodLabel = usePaymentMethodLabel();
  const [approveOpen, setApproveOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const warningId = useId();
  const pending = isPending(payment);
  const withReceipt = hasReceipt(payment);
  const notProvided = <span className="text-muted-foreground">{t('detail.user.notProvided')}</span>;

  return (
    <>
      <BackLink />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('detail.title')}</h1>
          <StatusBadge status={payment.status} pendingLabel="review" />
        </div>
        {pending && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Button
              className="flex-1 sm:flex-none"
              onClick={() => setApproveOpen(true)}
              disabled={!withReceipt}
              aria-describedby={withReceipt ? undefined : warningId}
            >
              <Check aria-hidden />
              {t('request.approve')}
            </Button>
            <Button className="flex-1 sm:flex-none" variant="destructive" onClick={() => setRejectOpen(true)}>
              <X aria-hidden />
              {t('request.reject')}
            </Button>
          </div>
        )}
      </div>

      {!withReceipt && (
        <p id={warningId} role="note" className="mt-4 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {t('request.noReceiptWarning')}
        </p>
      )}

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Section title={t('detail.payment.title')}>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <InfoItem label={t('detail.payment.id')} className="sm:col-span-2 [&_dd]:font-mono [&_dd]:break-all">
                {payment.id}
              </InfoItem>
              <InfoItem label={t('detail.payment.amount')}>
                <span className="text-base font-semibold">{formatPkr(payment.plan.monthlyAmount)}</span>
              </InfoItem>
              <InfoItem label={t('detail.payment.method')}>{methodLabel(payment.paymentMethod)}</InfoItem>
              <InfoItem label={catalog('paidInto.label')}>
                {payment.bankAccount ? (
                  catalog('paidInto.account', { bank: payment.bankAccount.bankName ?? '', number: payment.bankAccount.accountNumber ?? '', name: payment.bankAccount.accountName ?? '' })
                ) : (
                  <span className="text-muted-foreground">{catalog('paidInto.notRecorded')}</span>
                )}
              </InfoItem>
              <InfoItem label={t('detail.payment.requestDate')}>
                <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, i18n.language)}</time>
              </InfoItem>
              <TransferFacts payment={payment} />
              <InfoItem label={t('detail.payment.notes')} className="sm:col-span-2">
                {payment.notes || <span className="text-muted-foreground">{t('detail.payment.noNotes')}</span>}
              </InfoItem>
            </dl>
          </Section>

          <Section title={t('detail.user.title')}>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <InfoItem label={t('detail.user.name')}>{payment.user.name}</InfoItem>
              <InfoItem label={t('detail.user.email')} className="[&_dd]:break-all">
                {payment.user.email}
              </InfoItem>
              <InfoItem label={t('detail.user.phone')}>{payment.user.phone?.trim() || notProvided}</InfoItem>
              <InfoItem label={t('detail.user.cnic')}>{payment.user.cnic?.trim() ? formatCnic(payment.user.cnic) : notProvided}</InfoItem>
            </dl>
            <div className="mt-3">
              <LedgerLink userId={payment.userId} name={payment.user.name} />
            </div>
          </Section>

          <Section title={t('detail.plan.title')}>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <InfoItem label={t('detail.plan.name')}>{payment.plan.name}</InfoItem>
              <InfoItem label={t('detail.plan.monthlyAmount')}>{formatPkr(payment.plan.monthlyAmount)}</InfoItem>
              <InfoItem label={t('detail.plan.duration')}>{t('detail.plan.durationValue', { count: payment.plan.duration })}</InfoItem>
              <InfoItem label={t('detail.plan.maxMembers')}>{payment.plan.maxMembers}</InfoItem>
              {payment.plan.description && (
                <InfoItem label={t('detail.plan.description')} className="sm:col-span-2 [&_dd]:whitespace-pre-line">
                  {payment.plan.description}
                </InfoItem>
              )}
            </dl>
          </Section>

          <Section title={t('detail.receipt.title')}>
            <ReceiptPreview payment={payment} variant="detail" />
          </Section>
        </div>

        <div className="space-y-4">
          <Section title={t('detail.quickInfo.title')}>
            <dl className="space-y-3 text-sm">
              <InfoItem label={t('detail.quickInfo.status')}>
                <StatusBadge status={payment.status} pendingLabel="review" />
              </InfoItem>
              <InfoItem label={t('detail.quickInfo.requested')}>
                <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, i18n.language)}</time>
              </InfoItem>
              {payment.approvedAt && (
                <InfoItem label={t('detail.quickInfo.approvedDate')}>
                  <time dateTime={payment.approvedAt}>{formatDateTime(payment.approvedAt, i18n.language)}</time>
                </InfoItem>
              )}
            </dl>
          </Section>

          {payment.group && (
            <Section title={t('detail.assignment.title')} className="border-success/40">
              <dl className="space-y-3 text-sm">
                <InfoItem label={t('detail.assignment.groupNumber')}>{t('request.groupValue', { number: payment.group.groupNumber })}</InfoItem>
                <InfoItem label={t('detail.assignment.plan')}>{payment.group.plan.name}</InfoItem>
                {payment.adminNotes && <InfoItem label={t('detail.assignment.adminNotes')}>{payment.adminNotes}</InfoItem>}
              </dl>
            </Section>
          )}

          {payment.rejectionReason && (
            <Section title={t('detail.rejection.title')} className="border-destructive/40">
              <p className="text-sm break-words whitespace-pre-line">{payment.rejectionReason === WITHDRAWN_BY_MEMBER ? t('request.withdrawnByMember') : <bdi>{payment.rejectionReason}</bdi>}</p>
            </Section>
          )}
        </div>
      </div>

      <ApproveDialog payment={payment} open={approveOpen} onOpenChange={setApproveOpen} />
      <RejectDialog payment={payment} open={rejectOpen} onOpenChange={setRejectOpen} />
    </>
  );
}
