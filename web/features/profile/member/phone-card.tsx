/**
 * "Phone" on the member's /profile (decision 057): the profile's phone, and whether it is confirmed.
 * Messages by WhatsApp or SMS go only to a confirmed phone; "Confirm phone" sends it a code to type
 * back (phone-confirmation-dialog.tsx). Changing the phone in Edit Profile makes it unconfirmed again.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fetchPhoneProfile, phoneProfileKey } from './phone-api.ts';
import { PhoneConfirmationDialog } from './phone-confirmation-dialog.tsx';

export function PhoneCard() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: phoneProfileKey, queryFn: ({ signal }) => fetchPhoneProfile(signal) });
  const [confirming, setConfirming] = useState(false);
  const user = profile.data;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="space-y-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Smartphone className="size-5 text-primary" aria-hidden />
          {t('profile.phone.title')}
        </h2>
        {profile.isPending ? (
          <Spinner label={t('profile.phone.loading')} />
        ) : profile.isError || !user ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(profile.error, t('profile.phone.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        ) : !user.phone ? (
          <p className="text-sm text-muted-foreground">{t('profile.phone.none')}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <span dir="ltr" translate="no" className="font-medium">
                {user.phone}
              </span>
              {user.phoneConfirmed ? <Badge tone="success">{t('profile.phone.confirmed')}</Badge> : <Badge tone="warning">{t('profile.phone.notConfirmed')}</Badge>}
              {!user.phoneConfirmed && (
                <Button variant="outline" size="sm" className="ms-auto" onClick={() => setConfirming(true)}>
                  {t('profile.phone.confirmPhone')}
                </Button>
              )}
            </div>
            <p className="text-sm text-muted-foreground">{user.phoneConfirmed ? t('profile.phone.confirmedHint') : t('profile.phone.hint')}</p>
            <PhoneConfirmationDialog
              open={confirming}
              phone={user.phone}
              onClose={() => setConfirming(false)}
              onConfirmed={(confirmed) => queryClient.setQueryData(phoneProfileKey, confirmed)}
            />
          </>
        )}
      </section>
    </Card>
  );
}
