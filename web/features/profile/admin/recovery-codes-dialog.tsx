/**
 * The ten recovery codes, shown once (after two-factor sign-in is turned on, and after "New recovery
 * codes"): the list, Copy all, Download as text, and the warning that they are not shown again.
 */
import { useState, type RefObject } from 'react';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { notify } from '../../../lib/toast.ts';

/** The codes as a text file: a line to say what they are, then one code a line. */
export function recoveryCodesText(codes: string[], heading: string): string {
  return `${[heading, '', ...codes].join('\n')}\n`;
}

const saveText = (text: string, name: string) => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);

export function RecoveryCodesDialog({ codes, onClose, returnFocus }: { codes: string[] | null; onClose: () => void; returnFocus?: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes ? recoveryCodesText(codes, t('admin.profile.twoFactor.recoveryCodes.fileHeading')) : '';

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify.success(t('admin.profile.twoFactor.recoveryCodes.copied'));
    } catch {
      notify.error(t('admin.profile.twoFactor.recoveryCodes.copyFailed'));
    }
  }

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      returnFocus={returnFocus}
      title={t('admin.profile.twoFactor.recoveryCodes.dialogTitle')}
      description={t('admin.profile.twoFactor.recoveryCodes.dialogDescription')}
    >
      {codes && (
        <div className="space-y-4">
          <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('admin.profile.twoFactor.recoveryCodes.shownOnce')}
          </p>
          <ol aria-label={t('admin.profile.twoFactor.recoveryCodes.listLabel')} className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
            {codes.map((code) => (
              <li key={code} className="rounded-md bg-muted px-3 py-2 text-center font-mono text-base tracking-wider select-all" translate="no">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => void copyAll()} data-autofocus className="flex-1">
              <Copy aria-hidden />
              {copied ? t('admin.profile.twoFactor.recoveryCodes.copiedButton') : t('admin.profile.twoFactor.recoveryCodes.copyAll')}
            </Button>
            <Button variant="outline" onClick={() => saveText(text, 'umrah-committee-recovery-codes.txt')} className="flex-1">
              <Download aria-hidden />
              {t('admin.profile.twoFactor.recoveryCodes.download')}
            </Button>
          </div>
          <div className="flex justify-end border-t border-border pt-4">
            <DialogClose asChild>
              <Button>{t('admin.profile.twoFactor.recoveryCodes.done')}</Button>
            </DialogClose>
          </div>
        </div>
      )}
    </Dialog>
  );
}
