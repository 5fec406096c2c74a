/**
 * /admin/profile (admin document §2 "Profile"): name, email, the role badge with 'Administrator
 * Access', member since; Edit Profile to change name, email, phone and CNIC and, optionally, the
 * password (current, new with show/hide, confirm). Saved through the API: the profile by PUT
 * /api/profile, the password by PUT /api/profile/password (other devices are signed out). A new email
 * or password asks for the current password, and the authenticator code when two-factor is on (step-up).
 * Below, the opt-in two-factor sign-in (two-factor-card.tsx, administrators), and the sessions
 * (sessions-card.tsx, everyone): where they are signed in, and signing out the other devices. Above them
 * the messages (message-channels-card.tsx): notifications on this device and the channels per kind.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchProfile, profileKeys } from './api.ts';
import { ProfileDetails, ProfileSummary } from './profile-details.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';
import { SecurityChangesPanel } from './security-changes.tsx';
import { MessageChannelsCard } from './message-channels-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import './catalogue.ts';

export function AdminProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.pageTitle'));
  const { user: signedIn } = useAuth();
  const profile = useQuery({ queryKey: profileKeys.me, queryFn: ({ signal }) => fetchProfile(signal) });
  // The signed-in user is shown at once; the server's fresh copy replaces it when it arrives.
  const user = profile.data ?? signedIn;
  const [editing, setEditing] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the form puts the focus back on Edit Profile.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('profile.subtitle')}</p>
      </div>

      {notices.length > 0 && (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <div className="flex-1 space-y-1">
            {notices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
          <button type="button" onClick={() => setNotices([])} aria-label={t('profile.dismiss')} className="rounded p-1 text-muted-foreground hover:bg-muted">
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}

      {!user ? (
        profile.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="font-medium">{getErrorMessage(profile.error, t('profile.loadFailed'))}</p>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </Card>
        ) : (
          <Spinner label={t('profile.loading')} className="justify-center py-10" />
        )
      ) : (
        <>
          <ProfileSummary user={user} />
          {editing ? (
            <ProfileEditForm
              user={user}
              onCancel={() => setEditing(false)}
              onSaved={(messages) => {
                setNotices(messages);
                setEditing(false);
              }}
              onNotice={setNotices}
            />
          ) : (
            <ProfileDetails
              user={user}
              editButton={editButton}
              onEdit={() => {
                setNotices([]);
                setEditing(true);
              }}
            />
          )}
          {/* Offered to administrators only; the server refuses it to members. */}
          {user.role === 'ADMIN' && <TwoFactorCard />}
          <MessageChannelsCard />
          <SessionsCard />
          <SecurityChangesPanel />
        </>
      )}
    </div>
  );
}
