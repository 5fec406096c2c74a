import { useRef, useState } from 'react';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { lazyModule, useLazyModule, usePrefetchOnceInUse } from '../../../lib/lazy-module.ts';
import type { DrawRecordGroup } from './draw-record-dialog.tsx';
import './catalogue.ts';

/**
 * The draw record dialog is a module of its own (with the dialog library and the check), fetched once
 * the member has started to use the page, or at the latest when the button is pressed.
 */
const drawRecordDialog = lazyModule(() => import('./draw-record-dialog.tsx'));
const prefetchOnceInUse = [drawRecordDialog];

/** 'Draw record': opens the group's draw record; focus comes back here when it closes. */
export function DrawRecordButton({ group, className }: { group: DrawRecordGroup; className?: string }) {
  const { t } = useTranslation('memberWinners');
  const [open, setOpen] = useState(false);
  const dialog = useLazyModule(drawRecordDialog, open);
  const opener = useRef<HTMLButtonElement | null>(null);
  usePrefetchOnceInUse(prefetchOnceInUse);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <ScrollText aria-hidden />
        {t('drawRecord.open')}
      </Button>
      {dialog && (
        <dialog.DrawRecordDialog
          group={group}
          open={open}
          onOpenChange={(next) => {
            if (next) return;
            setOpen(false);
            // After the dialog has gone (its focus trap would take focus back while it is there).
            setTimeout(() => {
              if (opener.current?.isConnected) opener.current.focus();
            }, 0);
          }}
        />
      )}
    </>
  );
}
