import { homePathFor, isAdmin, useAuth } from '../../lib/auth.tsx';

// About, Services and Contact lead to /register (member document §2, landing page).
export const navLinks = [
  { key: 'home', to: '/' },
  { key: 'about', to: '/register' },
  { key: 'services', to: '/register' },
  { key: 'contact', to: '/register' },
] as const;

/**
 * Where a signed-in person's own pages are, and what the link to them is called; null for a visitor.
 * Every Sign In and Get Started of the page gives way to it, not only the header's.
 */
export function useSignedInHome(): { to: string; labelKey: 'landing.nav.adminDashboard' | 'landing.nav.myDashboard' } | null {
  const { status, user } = useAuth();
  if (status !== 'ready' || !user) return null;
  return { to: homePathFor(user), labelKey: isAdmin(user) ? 'landing.nav.adminDashboard' : 'landing.nav.myDashboard' };
}
