import { Banknote, CreditCard, FileClock, LayoutDashboard, ListChecks, Network, Package, ScrollText, Trophy, Users, type LucideIcon } from 'lucide-react';

export type AdminNavKey = 'dashboard' | 'committeePlans' | 'users' | 'payments' | 'planRequests' | 'referrals' | 'winners' | 'bankAccounts' | 'reconciliation' | 'audit';

/** The admin sidebar, in the specification's order (admin document §2 "Admin layout"), then the audit log (RULES §11). */
export const adminNavEntries: { key: AdminNavKey; to: string; icon: LucideIcon }[] = [
  { key: 'dashboard', to: '/admin', icon: LayoutDashboard },
  { key: 'committeePlans', to: '/admin/committee-plans', icon: Package },
  { key: 'users', to: '/admin/users', icon: Users },
  { key: 'payments', to: '/admin/payments', icon: CreditCard },
  { key: 'planRequests', to: '/admin/plan-requests', icon: FileClock },
  { key: 'referrals', to: '/admin/referrals', icon: Network },
  { key: 'winners', to: '/admin/winners', icon: Trophy },
  { key: 'bankAccounts', to: '/admin/bank-accounts', icon: Banknote },
  { key: 'reconciliation', to: '/admin/reconciliation', icon: ListChecks },
  { key: 'audit', to: '/admin/audit', icon: ScrollText },
];

/** Active on a path prefix match, except Dashboard, which is active on /admin exactly. */
export function isAdminNavEntryActive(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (to === '/admin') return path === '/admin';
  return path === to || path.startsWith(`${to}/`);
}
