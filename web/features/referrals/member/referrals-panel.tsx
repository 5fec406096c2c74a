import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { CommissionSection } from './commission-section.tsx';
import { HistorySection } from './history-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { TreeSection } from './tree-section.tsx';
import './catalogue.ts';

export const REFERRAL_SECTIONS = ['overview', 'tree', 'history', 'commission'] as const;
export type ReferralSection = (typeof REFERRAL_SECTIONS)[number];

/**
 * The dashboard's Referrals tab (member document §2): Overview, Tree View, History and Commission.
 * A section reads its data when it is first opened (inactive sections are not rendered).
 */
export function ReferralsPanel({ initialSection = 'overview' }: { initialSection?: ReferralSection }) {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const [section, setSection] = useState<ReferralSection>(initialSection);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('intro')}</p>
      </div>
      <Tabs.Root value={section} onValueChange={(value) => setSection(REFERRAL_SECTIONS.find((known) => known === value) ?? 'overview')}>
        {/* Two by two on phones, one row from small screens up: every section stays in view. */}
        <Tabs.List aria-label={t('tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-card p-1 sm:grid-cols-4">
          {REFERRAL_SECTIONS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-lg px-3 py-2.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground data-[state=active]:bg-primary-soft data-[state=active]:text-primary"
            >
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="mt-4">
          <OverviewSection />
        </Tabs.Content>
        <Tabs.Content value="tree" className="mt-4">
          <TreeSection />
        </Tabs.Content>
        <Tabs.Content value="history" className="mt-4">
          <HistorySection />
        </Tabs.Content>
        <Tabs.Content value="commission" className="mt-4">
          <CommissionSection />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
