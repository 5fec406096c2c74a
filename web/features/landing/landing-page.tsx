import {
  BadgeCheck,
  Banknote,
  CalendarCheck,
  Gift,
  Plane,
  Scale,
  ShieldCheck,
  Smartphone,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { useSignedInHome } from './landing-links.ts';
import './catalogue.ts';

const stats = ['members', 'savings', 'trips', 'successRate'] as const;

const features: { key: 'shariah' | 'community' | 'securePayments' | 'fairSelection' | 'referrals' | 'instantAccess'; icon: LucideIcon }[] = [
  { key: 'shariah', icon: ShieldCheck },
  { key: 'community', icon: Users },
  { key: 'securePayments', icon: Banknote },
  { key: 'fairSelection', icon: Scale },
  { key: 'referrals', icon: Gift },
  { key: 'instantAccess', icon: Smartphone },
];

const steps: { key: 'createAccount' | 'joinCommittee' | 'makePayments' | 'winAndTravel'; icon: LucideIcon }[] = [
  { key: 'createAccount', icon: UserPlus },
  { key: 'joinCommittee', icon: Users },
  { key: 'makePayments', icon: CalendarCheck },
  { key: 'winAndTravel', icon: Plane },
];

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <div className="min-h-dvh bg-background">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-2">
        {t('app.skipToContent')}
      </a>
      <LandingHeader />
      <main id="main">
        <Hero />
        <Stats />
        <Features />
        <HowItWorks />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
function Hero() {
  const { t } = useTranslation();
  const home = useSignedInHome();
  return (
    <section className="bg-gradient-to-b from-primary-soft to-background">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-accent/60 bg-card px-4 py-1.5 text-sm font-medium text-accent-text">
          <BadgeCheck className="size-4" aria-hidden />
          {t('landing.hero.badge')}
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('landing.hero.title')}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{t('landing.hero.subtitle')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {home ? (
            <Button size="lg" asChild>
              <Link to={home.to}>{t(home.labelKey)}</Link>
            </Button>
          ) : (
            <>
              <Button size="lg" asChild>
                <Link to="/register">{t('landing.hero.primaryCta')}</Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/login">{t('landing.hero.secondaryCta')}</Link>
              </Button>
            </>
          )}
        </div>
        <p className="mt-4 text-sm text-muted-foreground">{t('landing.hero.freeJoining')}</p>
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('landing.stats.label')} className="mx-auto max-w-6xl px-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((key) => (
          <Card key={key} className="flex flex-col-reverse p-5 text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{t(`landing.stats.${key}.label`)}</dt>
            <dd className="text-2xl font-bold text-primary sm:text-3xl">{t(`landing.stats.${key}.value`)}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight">
          {t('landing.features.title')}
        </h2>
        <p className="mt-3 text-muted-foreground">{t('landing.features.subtitle')}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ key, icon: Icon }) => (
          <li key={key}>
            <Card className="h-full p-6">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 text-muted-foreground">{t(`landing.features.${key}.description`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-title" className="border-y border-border bg-card">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight">
            {t('landing.howItWorks.title')}
          </h2>
          <p className="mt-3 text-muted-foreground">{t('landing.howItWorks.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden />
              </span>
              <p className="mt-4 text-sm font-semibold text-accent-text">{t('landing.howItWorks.step', { number: index + 1 })}</p>
              <h3 className="mt-1 text-lg font-semibold">{t(`landing.howItWorks.${key}.title`)}</h3>
              <p className="mt-2 text-muted-foreground">{t(`landing.howItWorks.${key}.description`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation();
  const home = useSignedInHome();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl">{t('landing.cta.subtitle')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {home ? (
            <Button size="lg" variant="accent" asChild>
              <Link to={home.to}>{t(home.labelKey)}</Link>
            </Button>
          ) : (
            <>
              <Button size="lg" variant="accent" asChild>
                <Link to="/register">{t('landing.cta.primary')}</Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/login">{t('landing.cta.secondary')}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
