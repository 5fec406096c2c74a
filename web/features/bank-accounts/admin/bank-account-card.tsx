import { useId } from 'react';
import { Building2, Landmark, Pencil, Power, PowerOff, Smartphone, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { BankAccount } from './api.ts';
import { accountTypeKey, bankIconKind, canSetDefault, type BankIconKind } from './bank-account-rules.ts';
import { CopyButton } from './copy-button.tsx';

export type BankAction = 'edit' | 'toggle' | 'default' | 'delete';

const icons: Record<BankIconKind, typeof Landmark> = { mobile: Smartphone, bank: Landmark, generic: Building2 };

/** The bank's icon by its name (admin document §2): mobile wallets, the big banks, or a generic building. */
export function BankIcon({ bankName, className }: { bankName: string; className?: string }) {
  const kind = bankIconKind(bankName);
  const Icon = icons[kind];
  return <Icon aria-hidden data-icon={kind} className={className} />;
}

/** One account in the grid (admin document §2 "Bank Accounts"). */
export function BankAccountCard({ account, onAction, busy }: { account: BankAccount; onAction: (action: BankAction, account: BankAccount) => void; busy?: boolean }) {
  const { t } = useTranslation('adminCatalog');
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col p-5">
      <div className="flex items-start gap-3">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <BankIcon bankName={account.bankName} className="size-6" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold break-words">
            {account.accountName}
          </h2>
          <p className="text-sm break-words text-muted-foreground">{account.bankName}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {account.isDefault && (
          <Badge tone="info">
            <Star aria-hidden className="me-1 size-3" />
            {t('bank.card.default')}
          </Badge>
        )}
        <Badge tone={account.isActive ? 'success' : 'neutral'}>{account.isActive ? t('common.active') : t('common.inactive')}</Badge>
        <Badge>{t(`bank.types.${accountTypeKey(account.accountType)}`, { type: account.accountType })}</Badge>
      </div>

      <dl className="mt-4 space-y-2 text-sm">
        {/* A list of terms holds only terms and descriptions: the copy button sits in the description. */}
        <div>
          <dt className="text-xs text-muted-foreground">{t('bank.card.accountNumber')}</dt>
          <dd className="flex items-center gap-2">
            <span className="min-w-0 flex-1 font-mono font-semibold break-all">{account.accountNumber}</span>
            <CopyButton value={account.accountNumber} label={t('bank.card.copyAccountNumber')} />
          </dd>
        </div>
        {account.iban && (
          <div>
            <dt className="text-xs text-muted-foreground">{t('bank.card.iban')}</dt>
            <dd className="flex items-center gap-2">
              <span className="min-w-0 flex-1 font-mono font-semibold break-all">{account.iban}</span>
              <CopyButton value={account.iban} label={t('bank.card.copyIban')} />
            </dd>
          </div>
        )}
        {account.branchName && (
          <div>
            <dt className="text-xs text-muted-foreground">{t('bank.card.branch')}</dt>
            <dd>{account.branchCode ? t('bank.card.branchWithCode', { name: account.branchName, code: account.branchCode }) : account.branchName}</dd>
          </div>
        )}
        <div>
          <dt className="text-xs text-muted-foreground">{t('bank.card.payments')}</dt>
          <dd>{t('bank.card.paymentCount', { n: account._count.payments })}</dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2 [&>button]:flex-[1_1_7rem] [&>button]:whitespace-nowrap">
        <Button variant="outline" onClick={() => onAction('edit', account)}>
          <Pencil aria-hidden />
          {t('bank.card.edit')}
        </Button>
        <Button variant="outline" onClick={() => onAction('toggle', account)} disabled={busy} aria-busy={busy}>
          {account.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {account.isActive ? t('common.deactivate') : t('common.activate')}
        </Button>
        {canSetDefault(account) && (
          <Button variant="outline" onClick={() => onAction('default', account)} disabled={busy}>
            <Star aria-hidden />
            {t('bank.card.setDefault')}
          </Button>
        )}
        <Button variant="outline" className="text-destructive" onClick={() => onAction('delete', account)}>
          <Trash2 aria-hidden />
          {t('common.delete')}
        </Button>
      </div>
    </Card>
  );
}
