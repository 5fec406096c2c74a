import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { MemberHeader } from './member-header.tsx';

/**
 * The frame of a member page outside the dashboard: the member header, a way back to the dashboard,
 * the title (when the page does not bring its own heading), the content.
 */
export function MemberPageLayout({ title, width = 'wide', children }: { title?: string; width?: 'wide' | 'narrow'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background">
      <MemberHeader />
      <main id="main" className={`mx-auto px-4 py-6 sm:py-8 ${width === 'wide' ? 'max-w-5xl' : 'max-w-3xl'}`}>
        <Button variant="ghost" size="sm" asChild className="-ms-3">
          <Link to="/dashboard">
            <ArrowLeft className="rtl:rotate-180" aria-hidden />
            {t('common.backToDashboard')}
          </Link>
        </Button>
        {title && <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>}
        <div className={title ? 'mt-6' : 'mt-4'}>{children}</div>
      </main>
    </div>
  );
}
