/**
 * Route guards (member document §2 route table; admin document §2 "Access").
 * While a stored session is being checked they show 'Authenticating...' rather than guessing.
 */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { homePathFor, isAdmin, useAuth } from '../lib/auth.tsx';
import { prepareFormats } from '../lib/format.ts';

/** While the session is checked over the network, the formats the signed-in pages write figures with are made ready. */
function Authenticating() {
  const { t, i18n } = useTranslation();
  useEffect(() => prepareFormats(i18n.language), [i18n.language]);
  return <FullScreenSpinner label={t('common.authenticating')} />;
}

/** Login, register and the other account pages: a signed-in person is sent to their home. */
export function GuestOnly() {
  const { status, user } = useAuth();
  if (status === 'loading') return <Authenticating />;
  if (user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** Member pages: a visitor is sent to /login. */
export function RequireAuth() {
  const { status, user } = useAuth();
  if (status === 'loading') return <Authenticating />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** The admin area: a visitor is sent to /login, a signed-in non-admin to /dashboard. */
export function RequireAdmin() {
  const { status, user } = useAuth();
  if (status === 'loading') return <Authenticating />;
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
