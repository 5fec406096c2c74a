/**
 * "Two-factor sign-in" on /admin/profile: whether it is on; Turn on shows a QR code of the otpauth://
 * address (and the key as text, for typing in by hand) and asks for the first code; Turn off asks for
 * the password and a code. Both happen in a dialog, which keeps focus inside and gives it back on close.
 * Turning it on hands out ten recovery codes, shown once in a dialog (recovery-codes-dialog.tsx); while
 * it is on, "New recovery codes" makes a new set (the old one stops working) and shows it the same way.
 */
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { twoFactorMessages, type TwoFactorSetup, type TwoFactorStatus } from '../../../../contract/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { textOfAnswer, type ServerAnswer } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/format.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { securityChangeKeys } from './sessions-api.ts';
import { fetchTwoFactorStatus, twoFactorKeys } from './two-factor-api.ts';
import { DisableForm, EnableForm, RecoveryCodesForm, SetupProofForm } from './two-factor-forms.tsx';
import './catalogue.ts';

export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => fetchTwoFactorStatus(signal) });
  /** The set-up waiting for its first code, with the password that started it (sent again to turn it on). */
  const [setup, setSetup] = useState<(TwoFactorSetup & { currentPassword: string }) | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  /** Turn on was pressed: the password is asked for before a secret is made. */
  const [starting, setStarting] = useState(false);
  /** Recovery codes just made, shown once; null when none are on screen. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  /** New recovery codes was pressed: the password and a code are asked for. */
  const [makingCodes, setMakingCodes] = useState(false);
  // A dialog that opens as the step before closes has no opener: these get focus back.
  const mainButton = useRef<HTMLButtonElement>(null);
  const codesButton = useRef<HTMLButtonElement>(null);

  /** A 409 means it was turned on or off elsewhere meanwhile: the dialog closes, saying why, on what is true now. */
  const conflicted = (error: unknown) => {
    setStarting(false);
    setMakingCodes(false);
    notify.error(getErrorMessage(error, t('admin.profile.twoFactor.failed')));
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
  };
  /** Each change made here is one of the person's security changes (the list below the sessions). */
  const refreshChanges = () => void queryClient.invalidateQueries({ queryKey: securityChangeKeys.mine });

  function changed(next: TwoFactorStatus, answer: ServerAnswer | undefined) {
    queryClient.setQueryData(twoFactorKeys.status, next);
    refreshChanges();
    notify.success(
      textOfAnswer(answer ?? (next.enabled ? { code: 'twoFactor.enabled', message: twoFactorMessages.enabled } : { code: 'twoFactor.disabled', message: twoFactorMessages.disabled })),
    );
  }

  const enabled = status.data?.enabled === true;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="two-factor-title" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <KeyRound className="size-5 text-primary" aria-hidden />
              <h2 id="two-factor-title" className="text-lg font-semibold">
                {t('admin.profile.twoFactor.title')}
              </h2>
              {status.data && (
                <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? t('admin.profile.twoFactor.on') : t('admin.profile.twoFactor.off')}</Badge>
              )}
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{t('admin.profile.twoFactor.description')}</p>
            {enabled && status.data?.enabledAt && (
              <p className="mt-1 text-sm">{t('admin.profile.twoFactor.onSince', { date: formatDate(status.data.enabledAt, i18n.language) })}</p>
            )}
          </div>
          {status.data && (
            <Button ref={mainButton} variant={enabled ? 'outline' : 'primary'} onClick={enabled ? () => setTurningOff(true) : () => setStarting(true)}>
              {enabled ? t('admin.profile.twoFactor.turnOff') : t('admin.profile.twoFactor.turnOn')}
            </Button>
          )}
        </div>
        {enabled && (
          <div className="flex flex-wrap items-start justify-between gap-3 border-t border-border pt-4">
            <div className="min-w-0 flex-1">
              <h3 className="flex items-center gap-2 font-medium">
                <LifeBuoy className="size-4 text-primary" aria-hidden />
                {t('admin.profile.twoFactor.recoveryCodes.title')}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{t('admin.profile.twoFactor.recoveryCodes.description')}</p>
            </div>
            <Button ref={codesButton} variant="outline" onClick={() => setMakingCodes(true)}>
              {t('admin.profile.twoFactor.recoveryCodes.new')}
            </Button>
          </div>
        )}
        {status.isPending && <Spinner label={t('admin.profile.twoFactor.loading')} />}
        {status.isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{getErrorMessage(status.error, t('admin.profile.twoFactor.loadFailed'))}</span>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {t('admin.profile.twoFactor.retry')}
            </Button>
          </div>
        )}
      </section>

      <Dialog
        open={starting}
        onOpenChange={setStarting}
        title={t('admin.profile.twoFactor.confirmTitle')}
        description={t('admin.profile.twoFactor.confirmDescription')}
      >
        {starting && (
          <SetupProofForm
            onStarted={(started) => {
              setStarting(false);
              setSetup(started);
              refreshChanges();
            }}
            onConflict={conflicted}
          />
        )}
      </Dialog>

      <Dialog
        open={makingCodes}
        onOpenChange={setMakingCodes}
        title={t('admin.profile.twoFactor.recoveryCodes.confirmTitle')}
        description={t('admin.profile.twoFactor.recoveryCodes.confirmDescription')}
      >
        {makingCodes && (
          <RecoveryCodesForm
            onMade={(codes) => {
              setMakingCodes(false);
              setRecoveryCodes(codes);
              refreshChanges();
            }}
            onConflict={conflicted}
          />
        )}
      </Dialog>

      <Dialog
        open={setup !== null}
        returnFocus={mainButton}
        onOpenChange={(open) => !open && setSetup(null)}
        title={t('admin.profile.twoFactor.setupTitle')}
        description={t('admin.profile.twoFactor.setupDescription')}
      >
        {setup && (
          <EnableForm
            setup={setup}
            onEnabled={(next, answer, codes) => {
              setSetup(null);
              changed(next, answer);
              if (codes?.length) setRecoveryCodes(codes);
            }}
          />
        )}
      </Dialog>

      <Dialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title={t('admin.profile.twoFactor.turnOffTitle')}
        description={t('admin.profile.twoFactor.turnOffDescription')}
      >
        {turningOff && (
          <DisableForm
            onDisabled={(next, answer) => {
              setTurningOff(false);
              changed(next, answer);
            }}
          />
        )}
      </Dialog>

      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} returnFocus={codesButton} />
    </Card>
  );
}
