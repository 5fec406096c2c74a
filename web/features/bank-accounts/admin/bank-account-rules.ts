/** The pure rules of the admin's bank accounts screen (admin document §2, §9), kept apart from the components so that they can be tested on their own. */

/** How long the copy button shows its tick (admin document §9). */
export const COPY_TICK_MS = 2_000;

export type BankIconKind = 'mobile' | 'bank' | 'generic';

/** The bank icon by name (admin document §2): easypaisa or jazzcash a mobile icon; hbl, ubl or mcb a bank icon. */
export function bankIconKind(bankName: string | null | undefined): BankIconKind {
  const name = (bankName ?? '').toLowerCase();
  if (name.includes('easypaisa') || name.includes('jazzcash')) return 'mobile';
  if (name.includes('hbl') || name.includes('ubl') || name.includes('mcb')) return 'bank';
  return 'generic';
}

export type AccountTypeKey = 'current' | 'savings' | 'mobile' | 'other';

/** The type badge: 'Mobile Account' is shown as 'Mobile'. */
export function accountTypeKey(accountType: string | null | undefined): AccountTypeKey {
  switch ((accountType ?? '').trim().toLowerCase()) {
    case 'current':
      return 'current';
    case 'savings':
      return 'savings';
    case 'mobile account':
    case 'mobile':
      return 'mobile';
    default:
      return 'other';
  }
}

/** Whether "Set as Default" is offered: only for an active account that is not already the default. */
export const canSetDefault = (account: { isActive: boolean; isDefault: boolean }) => account.isActive && !account.isDefault;
