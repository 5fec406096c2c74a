/**
 * Picks one user by searching (GET /api/admin/users?search: name, email, phone or referral code).
 * Once chosen, the user is shown with a button to choose another.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, UserRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { referralKeys, searchUsers, type UserOption } from './api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export function UserPicker({
  label,
  selected,
  onSelect,
  clearLabel,
}: {
  label: string;
  selected: UserOption | null;
  onSelect: (user: UserOption | null) => void;
  /** The text of the button that lets the chosen user go. */
  clearLabel: string;
}) {
  const { t } = useTranslation('adminReferrals');
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  // Choosing swaps the search box for the chosen user (and back): focus follows, rather than falling to the page.
  const moved = useRef(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (selected ? changeButton.current : searchBox.current)?.focus();
  }, [selected]);
  const choose = (user: UserOption | null) => {
    moved.current = true;
    onSelect(user);
  };
  const search = useDebouncedValue(text.trim(), 300);
  const users = useQuery({
    queryKey: referralKeys.users(search),
    queryFn: ({ signal }) => searchUsers(search, signal),
    enabled: selected === null && search.length > 0,
    placeholderData: keepPreviousData,
  });

  if (selected) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{label}</p>
        <div className="flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-3 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0">
              <p className="font-medium break-words">{selected.name}</p>
              <p className="text-sm break-all text-muted-foreground">{selected.email}</p>
            </div>
          </div>
          <Button ref={changeButton} variant="outline" size="sm" className="self-start sm:self-auto" onClick={() => choose(null)}>
            <X aria-hidden />
            {clearLabel}
          </Button>
        </div>
      </div>
    );
  }

  const results = search.length > 0 ? (users.data ?? []) : [];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          ref={searchBox}
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('picker.placeholder')}
          aria-describedby={hintId}
          autoComplete="off"
          className="ps-10"
        />
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('picker.hint')}
      </p>
      {search.length > 0 && (
        <div aria-live="polite">
          {users.isPending || (users.isFetching && users.isPlaceholderData) ? (
            <Spinner label={t('picker.searching')} className="py-2 text-sm" />
          ) : users.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {getErrorMessage(users.error, t('picker.failed'))}
            </p>
          ) : results.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('picker.none')}</p>
          ) : (
            <ul aria-label={t('picker.results')} className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
              {results.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setText('');
                      choose(user);
                    }}
                    className="flex min-h-11 w-full flex-col items-start px-4 py-2 text-start hover:bg-muted focus-visible:bg-muted"
                  >
                    <span className="font-medium break-all">{user.name}</span>
                    <span className="text-sm break-all text-muted-foreground">
                      {user.email}
                      {user.referralCode ? ` · ${user.referralCode}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
