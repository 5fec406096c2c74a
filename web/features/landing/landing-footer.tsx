import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { navLinks, useSignedInHome } from './landing-links.ts';

export function LandingFooter() {
  const { t } = useTranslation();
  const home = useSignedInHome();
  const quickLinks: readonly { key: string; to: string; label: string }[] = [
    ...navLinks.map((link) => ({ key: link.key, to: link.to, label: t(`landing.nav.${link.key}`) })),
    ...(home
      ? [{ key: 'home-pages', to: home.to, label: t(home.labelKey) }]
      : [
          { key: 'signIn', to: '/login', label: t('landing.nav.signIn') },
          { key: 'getStarted', to: '/register', label: t('landing.nav.getStarted') },
        ]),
  ];
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">{t('landing.footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="font-semibold">
            {t('landing.footer.quickLinks')}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-1 text-sm">
            {quickLinks.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="inline-block rounded py-1 text-muted-foreground hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold">{t('landing.footer.support')}</h2>
          <p className="mt-3 text-sm text-muted-foreground">{t('landing.footer.supportText')}</p>
          <div className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <span>{t('theme.label')}</span>
            <ThemeToggle />
          </div>
        </div>
      </div>
      <p className="border-t border-border px-4 py-6 text-center text-sm text-muted-foreground">
        {t('landing.footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
