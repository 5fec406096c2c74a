import { useId } from 'react';
import { Copy, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import type { BankAccount } from './api.ts';
import { usePlanLabels } from './labels.ts';
import './catalogue.ts';

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
 * The active bank accounts as one radio group (member document §2). The list grows with the page
 * rather than scrolling at 20rem as the old client's did: a scroll inside the page's scroll traps a
 * thumb on a phone. Each account number and IBAN has a copy button. Native radio buttons: Tab reaches the group, the arrow keys move between accounts and
 * select them at once, whatever sends the keys (a keyboard, a switch device, a screen reader).
 * Each radio is named by account name and bank; its number and type are read as its description.
 * Every line of text on the card is a label of the radio, so a tap on it selects the account.
 */
export function BankAccountChoice({ accounts, value, onChange, disabled, labelledBy, describedBy }: BankAccountChoiceProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-required className="space-y-2 rounded-xl p-1">
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
  const numberId = `${id}-number`;
  const typeId = `${id}-type`;
  const ibanId = `${id}-iban`;
  const branchId = `${id}-branch`;
  const described = [numberId, typeId, account.iban ? ibanId : '', account.branchName ? branchId : ''].filter(Boolean).join(' ');

  return (
    // A group named like the radio, so each account's copy buttons can be told apart. The copy buttons
    // cannot sit inside a <label> (a label may hold no other control), so the card is a box of labels:
    // each line of text is a label of the radio, and a tap on any of it still selects the account.
    <div
      role="group"
      aria-labelledby={`${nameId} ${bankId}`}
      className={cn(
        'rounded-xl border-2 p-4 transition-colors',
        // The focus ring is drawn around the whole card, where the eye is.
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft' : 'border-border bg-card hover:border-primary/50',
        props.disabled && 'opacity-60',
      )}
    >
      <label htmlFor={id} className={cn('flex cursor-pointer items-start gap-3', props.disabled && 'cursor-not-allowed')}>
        <input
          id={id}
          type="radio"
          name={props.name}
          value={account.id}
          checked={checked}
          disabled={props.disabled}
          onChange={props.onSelect}
          aria-labelledby={`${nameId} ${bankId}`}
          aria-describedby={described}
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
        </span>
      </label>
      <div className="mt-2 space-y-0.5 ps-8 text-sm">
        <CopyableLine
          radioId={id}
          textId={numberId}
          label={t('subscribe.accountNumber')}
          value={account.accountNumber}
          copyLabel={t('subscribe.copyAccountNumber')}
          copiedMessage={t('subscribe.accountNumberCopied')}
        />
        <label htmlFor={id} id={typeId} className="block cursor-pointer">
          <span className="text-muted-foreground">{t('subscribe.accountType')}: </span>
          <span>{labels.accountType(account.accountType)}</span>
        </label>
        {account.iban && (
          <CopyableLine radioId={id} textId={ibanId} label={t('subscribe.iban')} value={account.iban} copyLabel={t('subscribe.copyIban')} copiedMessage={t('subscribe.ibanCopied')} />
        )}
        {account.branchName && (
          <label htmlFor={id} id={branchId} className="block cursor-pointer">
            <span className="text-muted-foreground">{t('subscribe.branch')}: </span>
            <span>{account.branchName}</span>
          </label>
        )}
      </div>
    </div>
  );
}

/**
 * A number the member types into their banking app (account number, IBAN), with a button that copies
 * it: retyping a long number by hand is where transfers go wrong. The button never selects the account.
 */
function CopyableLine(props: { radioId: string; textId: string; label: string; value: string; copyLabel: string; copiedMessage: string }) {
  const { t } = useTranslation('memberPlans');
  async function copy() {
    try {
      await copyToClipboard(props.value);
      notify.success(props.copiedMessage);
    } catch {
      notify.error(t('subscribe.copyFailed'));
    }
  }
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={props.radioId} id={props.textId} className="min-w-0 cursor-pointer">
        <span className="text-muted-foreground">{props.label}: </span>
        <span className="font-mono font-medium break-all">{props.value}</span>
      </label>
      <Button type="button" variant="ghost" size="icon" className="-my-2 shrink-0" aria-label={props.copyLabel} title={props.copyLabel} onClick={() => void copy()}>
        <Copy aria-hidden />
      </Button>
    </div>
  );
}
