import { useState } from 'react';
import { Download, ExternalLink, FileText, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PlanPayment } from './api.ts';
import { hasReceipt, receiptKind } from './display.ts';

type ReceiptPayment = Pick<PlanPayment, 'hasReceipt' | 'receiptImage' | 'receiptName' | 'receiptType' | 'user'>;

/** Opens in a new tab without handing the new page a reference back to this one. */
const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A plan request's receipt (admin document §2): an image preview with View (new tab) and Download,
 * a PDF as a file link, and a link instead of the preview when the image cannot be shown.
 * The link is short-lived and signed (docs/decisions/006): the pages re-read payments to renew it.
 *
 * `list`: 'View' and 'Download'; a failed image becomes a 'View Receipt' link.
 * `detail`: 'View Full Size' and 'Download'; a failed image says 'Receipt preview not available'.
 */
export function ReceiptPreview({ payment, variant }: { payment: ReceiptPayment; variant: 'list' | 'detail' }) {
  const { t } = useTranslation('adminRequests');
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  if (!hasReceipt(payment)) {
    return <p className="text-sm text-muted-foreground">{t('receipt.none')}</p>;
  }
  const url = payment.receiptImage!;
  // A renewed link (after a reload) is worth trying again.
  const failed = failedUrl === url;
  const kind = receiptKind(payment);
  const downloadName = payment.receiptName ?? '';

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" asChild>
        <a href={url} {...newTab}>
          <ExternalLink aria-hidden />
          {variant === 'detail' ? t('receipt.viewFullSize') : t('receipt.view')}
        </a>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={url} download={downloadName}>
          <Download aria-hidden />
          {t('receipt.download')}
        </a>
      </Button>
    </div>
  );

  if (kind === 'pdf') {
    return (
      <div className="space-y-3">
        <a
          href={url}
          {...newTab}
          className="flex items-center gap-3 rounded-lg border border-border bg-muted/40 p-3 text-sm font-medium text-primary hover:bg-muted"
        >
          <FileText className="size-8 shrink-0" aria-hidden />
          <span className="min-w-0 break-all">{payment.receiptName || t('receipt.pdfFile')}</span>
        </a>
        {actions}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {failed ? (
        variant === 'list' ? (
          <a href={url} {...newTab} className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <ExternalLink className="size-4" aria-hidden />
            {t('receipt.viewReceipt')}
          </a>
        ) : (
          <div className="flex min-h-32 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            <ImageOff className="size-6" aria-hidden />
            {t('receipt.previewUnavailable')}
          </div>
        )
      ) : (
        <img
          src={url}
          alt={t('receipt.alt', { name: payment.user.name })}
          loading="lazy"
          onError={() => setFailedUrl(url)}
          className={cn(
            'w-full rounded-lg border border-border bg-muted/40 object-contain',
            variant === 'list' ? 'max-h-48 sm:max-w-xs' : 'max-h-[32rem]',
          )}
        />
      )}
      {actions}
    </div>
  );
}
