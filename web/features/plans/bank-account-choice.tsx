import { useId } from 'react';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import type { BankAccount } from './api.ts';
import { usePlanLabels } from './labels.ts';

interface BankAccountChoiceProps {
  accounts: BankAccount[];
  value: string;
  onChange: (accountId: string) => void;
  disabled?: boolean;
  /** The id of the group's visible heading. */
  labelledBy: string;
  describedBy?: string;
}

/**
 * The active bank accounts as one radio group (member document §2: a selectable list that scrolls
 * at 20rem). Native radio buttons: Tab reaches the group, the arrow keys move between accounts and
 * select them at once, whatever sends the keys (a keyboard, a switch device, a screen reader).
 * Each radio is named by account name and bank; its number and type are read as its description.
 * The whole card is the radio's label, so a tap anywhere on it selects the account.
 */
export function BankAccountChoice({ accounts, value, onChange, disabled, labelledBy, describedBy }: BankAccountChoiceProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-required className="max-h-80 space-y-2 overflow-y-auto rounded-xl p-1">
      {accounts.map((account) => (
        <BankAccountOption
          key={account.id}
          account={account}
          name={name}
          checked={value === account.id}
          disabled={disabled}
          onSelect={() => onChange(account.id)}
        />
      ))}
    </div>
  );
}

function BankAccountOption(props: { account: BankAccount; name: string; checked: boolean; disabled?: boolean; onSelect: () => void }) {
  const { account, checked } = props;
  const { t } = useTranslation('memberPlans');
  const labels = usePlanLabels();
  const id = useId();
  const nameId = `${id}-name`;
  const bankId = `${id}-bank`;
  const detailsId = `${id}-details`;

  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 transition-colors',
        // The focus ring is drawn around the whole card, where the eye is.
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft' : 'border-border bg-card hover:border-primary/50',
        props.disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        id={id}
        type="radio"
        name={props.name}
        value={account.id}
        checked={checked}
        disabled={props.disabled}
        onChange={props.onSelect}
        aria-labelledby={`${nameId} ${bankId}`}
        aria-describedby={detailsId}
        className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-none"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span id={nameId} className="font-semibold">
            {account.accountName}
          </span>
          {account.isDefault && <Badge tone="info">{t('subscribe.defaultAccount')}</Badge>}
        </span>
        <span id={bankId} className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Landmark className="size-4 shrink-0" aria-hidden />
          {account.bankName}
        </span>
        <span id={detailsId} className="mt-2 block space-y-0.5 text-sm">
          <span className="block">
            <span className="text-muted-foreground">{t('subscribe.accountNumber')}: </span>
            <span className="font-mono font-medium break-words">{account.accountNumber}</span>
          </span>
          <span className="block">
            <span className="text-muted-foreground">{t('subscribe.accountType')}: </span>
            <span>{labels.accountType(account.accountType)}</span>
          </span>
          {account.iban && (
            <span className="block">
              <span className="text-muted-foreground">{t('subscribe.iban')}: </span>
              <span className="font-mono break-words">{account.iban}</span>
            </span>
          )}
          {account.branchName && (
            <span className="block">
              <span className="text-muted-foreground">{t('subscribe.branch')}: </span>
              <span>{account.branchName}</span>
            </span>
          )}
        </span>
      </span>
    </label>
  );
}
