import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * Where focus goes on close, when it is not the control that had it on open: a dialog that opens
   * as another one closes (one step after another) has no opener of its own.
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog. Radix keeps keyboard focus inside while it is open, closes on Escape, and
 * returns focus to the control that opened it. It opens with focus on its first control, or on the
 * control marked `data-autofocus` (what the dialog asks for) when there is one.
 */
export function Dialog({ open, onOpenChange, title, description, children, className, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  // Radix returns focus only to its own Trigger; these dialogs are opened by ordinary buttons, so
  // remember what had focus when the dialog opened and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <RadixDialog.Content
          className={cn(
            // Centred by margins rather than transforms, so it needs no change for right-to-left.
            'fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto',
            'rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xl',
            className,
          )}
          onOpenAutoFocus={(event) => {
            const wanted = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>('[data-autofocus]') : null;
            if (wanted) {
              event.preventDefault();
              wanted.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocus?.current?.isConnected) {
              event.preventDefault();
              returnFocus.current.focus();
            } else if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          // Without a description, tell Radix there is none rather than point at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pe-8 text-lg font-semibold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-muted-foreground">{description}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label={t('common.close')}
            className="absolute end-3 top-3 flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding dialog (for a Cancel button): <DialogClose asChild><Button/></DialogClose>. */
export const DialogClose = RadixDialog.Close;
