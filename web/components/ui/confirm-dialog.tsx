import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

/** "Are you sure?" with Cancel and a confirming button; the confirm button shows busy while it runs. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      {props.children}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button variant={props.destructive ? 'destructive' : 'primary'} onClick={props.onConfirm} disabled={props.busy} aria-busy={props.busy}>
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
