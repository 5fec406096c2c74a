import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Card } from '../../components/ui/card.tsx';

/** The frame shared by the account pages: logo, a card with a heading, and a way back home. */
export function AuthLayout({ title, subtitle, icon, children }: { title: string; subtitle?: ReactNode; icon?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-4">
        <Logo />
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8">
        <Card className="p-6 sm:p-8">
          <div className="mb-6 text-center">
            {icon && <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-7">{icon}</div>}
            <h1 className="text-2xl font-semibold">{title}</h1>
            {subtitle && <p className="mt-2 text-muted-foreground">{subtitle}</p>}
          </div>
          {children}
        </Card>
        <Link to="/" className="mx-auto mt-6 inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t('common.backToHome')}
        </Link>
      </main>
    </div>
  );
}
