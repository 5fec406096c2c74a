import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

/**
 * Something that failed to load: what went wrong and a way to try again. It is an alert, so a screen
 * reader says it when it appears. `compact` is the one-line form for a section inside a page; there
 * the alert is the message alone, with the button beside it.
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
  retryLabel,
  compact = false,
  className,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const retry = (
    <Button variant="outline" size={compact ? 'sm' : 'md'} onClick={onRetry} disabled={retrying}>
      {retryLabel ?? t('common.retry')}
    </Button>
  );
  if (compact) {
    return (
      <Card className={cn('flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between', className)}>
        <p role="alert" className="flex items-center gap-2 font-medium">
          <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
          {message}
        </p>
        {retry}
      </Card>
    );
  }
  return (
    <Card role="alert" className={cn('flex flex-col items-center gap-3 px-6 py-10 text-center', className)}>
      <CircleAlert className="size-10 text-destructive" aria-hidden />
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className={title ? 'text-muted-foreground' : 'font-medium'}>{message}</p>
      {retry}
    </Card>
  );
}
