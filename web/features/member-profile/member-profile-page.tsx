/**
 * /profile: the member's own profile (member document §2 account menu "Profile"). The same page as
 * the administrator's (web/features/admin-profile): the details, and Edit Profile to save name,
 * email, phone, CNIC and the password through PUT /api/profile and PUT /api/profile/password. Here
 * in the member frame: the header of the dashboard and a way back to it.
 */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AdminProfilePage } from '../admin-profile/index.ts';
import { NotificationBell } from '../notifications/index.ts';

export function MemberProfilePage() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-1">
            <NotificationBell />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
        <Button variant="ghost" size="sm" asChild className="-ms-3 mb-4">
          <Link to="/dashboard">
            <ArrowLeft className="rtl:rotate-180" aria-hidden />
            {t('common.backToDashboard')}
          </Link>
        </Button>
        {/* Its heading and the tab title ('Profile Settings'); 'User' badge, no administrator line, for a member. */}
        <AdminProfilePage />
      </main>
    </div>
  );
}
