import { MoonStar } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/**
 * The product mark and name, linking home (or to `to`, e.g. /admin inside the admin area).
 * `compact` keeps the name for screen readers only, for headers with little room; 'phone' does so on
 * phones only (below 640 px), and shows it on wider screens.
 */
export function Logo({ to = '/', compact = false, className }: { to?: string; compact?: boolean | 'phone'; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-lg font-semibold text-foreground', className)}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
        <MoonStar className="size-5" aria-hidden />
      </span>
      <span className={cn('text-lg', compact && 'sr-only', compact === 'phone' && 'sm:not-sr-only')}>{t('app.name')}</span>
    </Link>
  );
}
