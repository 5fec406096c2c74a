import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { Button } from './ui/button.tsx';

/** The frame of a member page outside the dashboard: a way back to it, the title, the content. */
export function MemberPageLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3">
          <Logo to="/dashboard" />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        <Button variant="ghost" size="sm" asChild className="-ms-3">
          <Link to="/dashboard">
            <ArrowLeft className="rtl:rotate-180" aria-hidden />
            {t('common.backToDashboard')}
          </Link>
        </Button>
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
