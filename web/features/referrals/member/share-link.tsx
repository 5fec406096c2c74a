/**
 * Sharing the referral link: the phone's own share sheet (the Web Share API) where the browser has
 * one; elsewhere a link that opens WhatsApp with the message and the link written in. Copying stays
 * beside it (overview-section.tsx).
 */
import { MessageCircle, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/toast.ts';
import { whatsAppShareUrl } from './rules.ts';
import './catalogue.ts';

/** Whether this browser can open its share sheet for these data. */
function canShare(data: ShareData): boolean {
  if (typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare(data);
}

export function ShareReferralLink({ link, className }: { link: string; className?: string }) {
  const { t } = useTranslation('memberReferrals');
  const message = t('overview.shareMessage');
  const data: ShareData = { title: t('overview.shareTitle'), text: message, url: link };

  if (!canShare(data)) {
    return (
      <Button asChild variant="outline" className={className}>
        <a href={whatsAppShareUrl(message, link)} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden className="text-success" />
          {t('overview.shareWhatsApp')}
          <span className="sr-only">{t('overview.opensInNewTab')}</span>
        </a>
      </Button>
    );
  }

  async function share() {
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notify.error(t('overview.shareFailed'));
    }
  }

  return (
    <Button variant="outline" onClick={() => void share()} className={className}>
      <Share2 aria-hidden />
      {t('overview.share')}
    </Button>
  );
}
