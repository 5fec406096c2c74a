import { useEffect, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Button } from '../../components/ui/button.tsx';
import { navLinks, useSignedInHome } from './landing-links.ts';

export function LandingHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <nav aria-label={t('landing.nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground">
                  {t(`landing.nav.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <div className="hidden items-center gap-2 md:flex">
            <AccountLinks signInVariant="ghost" />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            aria-label={menuOpen ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      <div id="landing-mobile-menu" hidden={!menuOpen} className="border-t border-border px-4 pb-4 md:hidden">
        <nav aria-label={t('landing.nav.label')}>
          <ul className="flex flex-col py-2">
            {navLinks.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.to}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-lg px-3 py-3 font-medium text-foreground hover:bg-muted"
                >
                  {t(`landing.nav.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-2">
          <AccountLinks signInVariant="outline" />
        </div>
      </div>
    </header>
  );
}

/**
 * Sign In and Get Started for a visitor; for someone already signed in, the way back to their own
 * pages instead (a member would otherwise be offered a sign-in they do not need).
 */
function AccountLinks({ signInVariant }: { signInVariant: 'ghost' | 'outline' }) {
  const { t } = useTranslation();
  const home = useSignedInHome();
  if (home) {
    return (
      <Button asChild>
        <Link to={home.to}>{t(home.labelKey)}</Link>
      </Button>
    );
  }
  return (
    <>
      <Button variant={signInVariant} asChild>
        <Link to="/login">{t('landing.nav.signIn')}</Link>
      </Button>
      <Button asChild>
        <Link to="/register">{t('landing.nav.getStarted')}</Link>
      </Button>
    </>
  );
}
