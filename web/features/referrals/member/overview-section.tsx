import { useId } from 'react';
import { Check, Copy, HandCoins, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPkr } from '../../../../contract/money.ts';
import { notify } from '../../../lib/toast.ts';
import type { CommissionRules } from './api.ts';
import { LevelBadge } from './labels.tsx';
import { useCommissionRules } from './queries.ts';
import { buildReferralLink, formatRate, levelRates } from './rules.ts';
import { useCopyConfirmation } from './use-copy.ts';
import { ShareReferralLink } from './share-link.tsx';
import './catalogue.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * Overview (member document §2 "Referrals tab"): the member's code with Copy Code, the sign-up link
 * with Copy Link and Share, the commission structure in force, and how the scheme works. Commissions are the
 * operator's own marketing cost, never the members' savings (RULES §8): the page says so plainly.
 */
export function OverviewSection() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReferralCodeCard />
      <CommissionStructureCard />
      <HowItWorksCard />
    </div>
  );
}

function ReferralCodeCard() {
  const { t } = useTranslation('memberReferrals');
  const { user } = useAuth();
  const headingId = useId();
  const linkId = useId();
  const { copied, copy } = useCopyConfirmation<'code' | 'link'>();
  const code = user?.referralCode?.trim() ?? '';
  const link = code ? buildReferralLink(window.location.origin, code) : '';

  async function copyValue(key: 'code' | 'link', value: string) {
    const done = await copy(key, value);
    if (!done) notify.error(t('overview.copyFailed'));
  }

  return (
    <Card className="p-5 lg:col-span-2" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold">
        {t('overview.codeTitle')}
      </h3>
      {!code ? (
        <p className="mt-2 text-muted-foreground">{t('overview.noCode')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">{t('overview.codeHint')}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="flex-1 rounded-xl border border-dashed border-primary/50 bg-primary-soft px-4 py-3 text-center font-mono text-2xl font-bold tracking-widest break-all text-primary sm:text-start">
              {code}
            </p>
            <Button variant="outline" onClick={() => void copyValue('code', code)} className="sm:w-40">
              {copied === 'code' ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
              {copied === 'code' ? t('overview.copied') : t('overview.copyCode')}
            </Button>
          </div>
          <div className="mt-4 space-y-1.5">
            <label htmlFor={linkId} className="text-sm font-medium">
              {t('overview.link')}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input id={linkId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono sm:flex-1" />
              <Button onClick={() => void copyValue('link', link)} className="sm:w-40">
                {copied === 'link' ? <Check aria-hidden /> : <Link2 aria-hidden />}
                {copied === 'link' ? t('overview.copied') : t('overview.copyLink')}
              </Button>
            </div>
            <ShareReferralLink link={link} className="mt-1.5 w-full sm:w-auto" />
          </div>
          {/* The button's new label is not announced by every screen reader: say it here too. */}
          <p role="status" className="sr-only">
            {copied === 'code' ? t('overview.codeCopied') : copied === 'link' ? t('overview.linkCopied') : ''}
          </p>
        </>
      )}
    </Card>
  );
}

function CommissionStructureCard() {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const rules = useCommissionRules();
  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold">
        {t('overview.structureTitle')}
      </h3>
      <div className="mt-3">
        {rules.data ? (
          <CommissionStructure rules={rules.data} />
        ) : rules.isError ? (
          <LoadError compact message={t('overview.rulesFailed')} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
        ) : (
          <Spinner label={t('overview.rulesLoading')} className="py-4" />
        )}
      </div>
    </Card>
  );
}

/** The rates in force, one line per level, then the bounds of one commission. */
function CommissionStructure({ rules }: { rules: CommissionRules }) {
  const { t } = useTranslation('memberReferrals');
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('overview.structureIntro')}</p>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {levelRates(rules).map(({ level, rate, paid }) => (
          <li key={level} className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <LevelBadge level={level} />
              <p className="mt-1 text-sm text-muted-foreground">{t(`overview.levelDescription.${level}`)}</p>
            </div>
            <p className={paid ? 'text-xl font-bold text-primary' : 'text-sm font-medium text-muted-foreground'}>{paid ? formatRate(rate) : t('overview.notPaid')}</p>
          </li>
        ))}
      </ul>
      <ul className="mt-3 space-y-1 text-sm text-muted-foreground">
        {rules.minimumCommission > 0 && <li>{t('overview.minimum', { amount: formatPkr(rules.minimumCommission) })}</li>}
        <li>{t('overview.maximum', { amount: formatPkr(rules.maximumCommission) })}</li>
      </ul>
    </>
  );
}

function HowItWorksCard() {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const steps = [t('overview.steps.share'), t('overview.steps.register'), t('overview.steps.earn'), t('overview.steps.paid')];
  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold">
        {t('overview.howTitle')}
      </h3>
      <ol className="mt-3 space-y-3">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm">
            <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
              {index + 1}
            </span>
            <span className="pt-1">{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 flex gap-2 rounded-lg bg-success/10 p-3 text-sm">
        <HandCoins aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
        <span>{t('overview.operatorCost')}</span>
      </p>
    </Card>
  );
}
