/**
 * A page of users (admin document §2 "User Management"). From 1280px (next to the sidebar): a table of
 * User (with the contact), Role & Status, Committees, Payments, Joined / Last login (from 1536px; the
 * cards and the CSV always have it) and Actions, whose buttons sit two by two so that every row's
 * actions are in view at 1366 and 1440 without scrolling sideways. Below: cards, each with its actions in
 * one menu ("Actions for {name}"), which the keyboard opens (Enter, Space, arrows, Escape).
 */
import { useId } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, BookOpenText, Check, EllipsisVertical, Pencil, Power, PowerOff, ShieldCheck, Unlock, X } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/menu.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ledgerPath } from '../../instalments/admin/index.ts';
import type { AdminUser } from './api.ts';
import { displayStatus, formatCnic, formatDate, formatDateTime, statusTone } from './display.ts';
import { WIDE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';

export type UserAction = 'edit' | 'toggleActive' | 'toggleBlock' | 'grantCnic' | 'dismissCnic';

interface UserListProps {
  users: AdminUser[];
  /** The signed-in administrator: their row says 'You'. */
  currentUserId?: string;
  /** The user whose activation is being changed (its button shows busy). */
  busyUserId?: string | null;
  onAction: (action: UserAction, user: AdminUser) => void;
}

export function UserList(props: UserListProps) {
  const isWide = useMediaQuery(WIDE_QUERY);
  return isWide ? <UserTable {...props} /> : <UserCards {...props} />;
}

function RoleAndStatus({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const status = displayStatus(user);
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={user.role === 'ADMIN' ? 'info' : 'neutral'}>
        {user.role === 'ADMIN' && <ShieldCheck className="me-1 size-3.5" aria-hidden />}
        {t(`admin.users.roles.${user.role}`)}
      </Badge>
      <Badge tone={statusTone[status]}>{t(`admin.users.status.${status}`)}</Badge>
    </div>
  );
}

/**
 * A CNIC this user asked for while another account had it (server/users/cnic-claims.ts): what they asked
 * for and when, who has it now, and the two decisions.
 */
function CnicClaimNote({ user, onAction }: { user: AdminUser; onAction: UserListProps['onAction'] }) {
  const { t, i18n } = useTranslation();
  const claim = user.cnicClaim;
  if (!claim) return null;
  return (
    <div className="mt-2 space-y-1 text-xs" role="group" aria-label={t('admin.users.cnicClaim.badge')}>
      <Badge tone="warning">{t('admin.users.cnicClaim.badge')}</Badge>
      <p className="break-words">{t('admin.users.cnicClaim.asked', { cnic: formatCnic(claim.cnic), date: formatDate(claim.claimedAt, i18n.language) })}</p>
      <p className="break-words text-muted-foreground">
        {claim.heldBy ? t('admin.users.cnicClaim.heldBy', { name: claim.heldBy.name, email: claim.heldBy.email }) : t('admin.users.cnicClaim.heldByNobody')}
      </p>
      <div className="flex flex-wrap gap-1.5 pt-1">
        <Button variant="outline" size="sm" className="whitespace-nowrap" onClick={() => onAction('grantCnic', user)}>
          <Check aria-hidden />
          {t('admin.users.cnicClaim.grant')}
        </Button>
        <Button variant="outline" size="sm" className="whitespace-nowrap" onClick={() => onAction('dismissCnic', user)}>
          <X aria-hidden />
          {t('admin.users.cnicClaim.dismiss')}
        </Button>
      </div>
    </div>
  );
}

/** The row's actions as buttons (the table): two by two, each the width of the widest. */
function UserActions({ user, busy, onAction }: { user: AdminUser; busy: boolean; onAction: UserListProps['onAction'] }) {
  const { t } = useTranslation();
  return (
    <div className="ms-auto grid w-max grid-cols-2 gap-1.5 [&>*]:w-full [&>*]:justify-start">
      {/* Every instalment of every group, month by month (RULES §6a). */}
      <Button variant="outline" size="sm" asChild>
        <Link to={ledgerPath(user.id)} aria-label={t('admin.users.actions.ledgerOf', { name: user.name })}>
          <BookOpenText aria-hidden />
          {t('admin.users.actions.ledger')}
        </Link>
      </Button>
      <Button variant="outline" size="sm" onClick={() => onAction('edit', user)}>
        <Pencil aria-hidden />
        {t('admin.users.actions.edit')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => onAction('toggleActive', user)} disabled={busy} aria-busy={busy}>
        {user.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
        {user.isActive ? t('admin.users.actions.deactivate') : t('admin.users.actions.activate')}
      </Button>
      <Button variant={user.isBlocked ? 'outline' : 'destructive'} size="sm" onClick={() => onAction('toggleBlock', user)}>
        {user.isBlocked ? <Unlock aria-hidden /> : <Ban aria-hidden />}
        {user.isBlocked ? t('admin.users.actions.unblock') : t('admin.users.actions.block')}
      </Button>
    </div>
  );
}

/**
 * The same actions in one menu (the cards): "Actions for {name}" opens it; each action is a menu item.
 * Radix gives the keys (Enter, Space or the arrows open it, the arrows move, Escape closes it and puts
 * focus back on the button). Not modal: Edit and Block open dialogs, which must take the focus next.
 */
function UserActionsMenu({ user, busy, onAction }: { user: AdminUser; busy: boolean; onAction: UserListProps['onAction'] }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="md" aria-label={t('admin.users.actions.menuFor', { name: user.name })}>
          <EllipsisVertical aria-hidden />
          {t('admin.users.actions.menu')}
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent>
        <MenuItem asChild>
          <Link to={ledgerPath(user.id)}>
            <BookOpenText aria-hidden />
            {t('admin.users.actions.ledger')}
          </Link>
        </MenuItem>
        <MenuItem onSelect={() => onAction('edit', user)}>
          <Pencil aria-hidden />
          {t('admin.users.actions.edit')}
        </MenuItem>
        <MenuItem onSelect={() => onAction('toggleActive', user)} disabled={busy}>
          {user.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {user.isActive ? t('admin.users.actions.deactivate') : t('admin.users.actions.activate')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => onAction('toggleBlock', user)} className={user.isBlocked ? undefined : 'text-destructive [&_svg]:text-destructive'}>
          {user.isBlocked ? <Unlock aria-hidden /> : <Ban aria-hidden />}
          {user.isBlocked ? t('admin.users.actions.unblock') : t('admin.users.actions.block')}
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function useUserText() {
  const { t, i18n } = useTranslation();
  return {
    committees: (u: AdminUser) => t('admin.users.committeesValue', { total: u.committeeStats.totalCommittees, active: u.committeeStats.activeCommittees }),
    payments: (u: AdminUser) => t('admin.users.paymentsCount', { count: u.paymentStats.totalPayments }),
    paid: (u: AdminUser) => formatPkr(u.paymentStats.totalAmount),
    joined: (u: AdminUser) => t('admin.users.joined', { date: formatDate(u.createdAt, i18n.language) }),
    lastLogin: (u: AdminUser) => (u.lastLoginAt ? t('admin.users.lastLogin', { date: formatDateTime(u.lastLoginAt, i18n.language) }) : t('admin.users.neverLoggedIn')),
    phone: (u: AdminUser) => u.phone || t('admin.users.noPhone'),
  };
}

function UserTable({ users, currentUserId, busyUserId, onAction }: UserListProps) {
  const { t } = useTranslation();
  const text = useUserText();
  // Secondary: from 2xl only (the cards and the CSV have it at every width).
  const joinedCell = 'hidden 2xl:table-cell';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('admin.users.listLabel')}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.users.columns.user')}</th>
            <th scope="col" className="px-3 py-3 text-start font-medium">{t('admin.users.columns.roleStatus')}</th>
            <th scope="col" className="px-3 py-3 text-start font-medium">{t('admin.users.columns.committees')}</th>
            <th scope="col" className="px-3 py-3 text-start font-medium">{t('admin.users.columns.payments')}</th>
            <th scope="col" className={`${joinedCell} px-3 py-3 text-start font-medium`}>{t('admin.users.columns.joined')}</th>
            <th scope="col" className="px-4 py-3 text-end font-medium">{t('admin.users.columns.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} className="align-top">
              <td className="max-w-80 px-4 py-3">
                <div className="flex items-start gap-3">
                  <UserAvatar name={user.name} />
                  <div className="min-w-0">
                    <div className="font-medium break-words">
                      {user.name}
                      {user.id === currentUserId && (
                        <Badge tone="info" className="ms-2">
                          {t('admin.users.you')}
                        </Badge>
                      )}
                    </div>
                    <div className="truncate" title={user.email}>
                      {user.email}
                    </div>
                    <div className="text-muted-foreground">{text.phone(user)}</div>
                    <div className="font-mono text-xs text-muted-foreground">{t('admin.users.referralCode', { code: user.referralCode })}</div>
                    <CnicClaimNote user={user} onAction={onAction} />
                  </div>
                </div>
              </td>
              <td className="px-3 py-3">
                <RoleAndStatus user={user} />
                {user.isBlocked && user.blockedReason && (
                  <p className="mt-1 max-w-48 text-xs break-words text-muted-foreground">{t('admin.users.blockedReason', { reason: user.blockedReason })}</p>
                )}
                {!user.isBlocked && !user.isActive && user.inactiveReason && (
                  <p className="mt-1 max-w-48 text-xs break-words text-muted-foreground">{t('admin.users.blockedReason', { reason: user.inactiveReason })}</p>
                )}
              </td>
              <td className="px-3 py-3">{text.committees(user)}</td>
              <td className="px-3 py-3 whitespace-nowrap">
                <div className="font-medium">{text.paid(user)}</div>
                <div className="text-muted-foreground">{text.payments(user)}</div>
              </td>
              <td className={`${joinedCell} px-3 py-3 text-muted-foreground`}>
                <div className="whitespace-nowrap">{text.joined(user)}</div>
                <div>{text.lastLogin(user)}</div>
              </td>
              <td className="px-4 py-3">
                <UserActions user={user} busy={busyUserId === user.id} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards(props: UserListProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.users.listLabel')} className="grid gap-3 md:grid-cols-2">
      {props.users.map((user) => (
        <UserCard key={user.id} user={user} {...props} />
      ))}
    </ul>
  );
}

function UserCard({ user, currentUserId, busyUserId, onAction }: UserListProps & { user: AdminUser }) {
  const { t } = useTranslation();
  const text = useUserText();
  const nameId = useId();
  return (
    <li className="min-w-0">
      <Card className="h-full p-4">
        <article aria-labelledby={nameId}>
          <div className="flex items-start gap-3">
            <UserAvatar name={user.name} />
            <div className="min-w-0 flex-1">
              <h3 id={nameId} className="font-semibold break-words">
                {user.name}
              </h3>
              {user.id === currentUserId && (
                <Badge tone="info" className="mt-0.5">
                  {t('admin.users.you')}
                </Badge>
              )}
              <p className="text-sm break-all text-muted-foreground">{user.email}</p>
              <p className="text-sm text-muted-foreground">{text.phone(user)}</p>
            </div>
          </div>
          <div className="mt-3">
            <RoleAndStatus user={user} />
            {user.isBlocked && user.blockedReason && (
              <p className="mt-1 text-xs break-words text-muted-foreground">{t('admin.users.blockedReason', { reason: user.blockedReason })}</p>
            )}
            {!user.isBlocked && !user.isActive && user.inactiveReason && (
              <p className="mt-1 text-xs break-words text-muted-foreground">{t('admin.users.blockedReason', { reason: user.inactiveReason })}</p>
            )}
            <CnicClaimNote user={user} onAction={onAction} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.users.columns.committees')}</dt>
              <dd>{text.committees(user)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.users.columns.payments')}</dt>
              <dd>
                <span className="font-medium">{text.paid(user)}</span> · {text.payments(user)}
              </dd>
            </div>
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.users.columns.joined')}</dt>
              <dd>
                {text.joined(user)} · {text.lastLogin(user)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.users.referralCodeLabel')}</dt>
              <dd className="font-mono">{user.referralCode}</dd>
            </div>
          </dl>
          <div className="mt-3 flex justify-end border-t border-border pt-3">
            <UserActionsMenu user={user} busy={busyUserId === user.id} onAction={onAction} />
          </div>
        </article>
      </Card>
    </li>
  );
}
