/**
 * Whose actions to show: type a name or email and choose the person from the matches, or paste
 * their id. The matches are a plain list of buttons (keyboard and screen-reader friendly).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { auditKeys, looksLikeId, searchActors } from './api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export interface ChosenActor {
  id: string;
  /** What to call them: name and email, or the id that was pasted. */
  label: string;
}

export function ActorField({ chosen, onChoose }: { chosen: ChosenActor | null; onChoose: (actor: ChosenActor | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), 300);
  const searching = settled.length >= 2 && !looksLikeId(settled) && !chosen;

  const matches = useQuery({ queryKey: auditKeys.actors(settled), queryFn: ({ signal }) => searchActors(settled, signal), enabled: searching });

  // A pasted id is used as it is.
  useEffect(() => {
    if (!chosen && looksLikeId(settled) && text.trim() === settled) onChoose({ id: settled.toLowerCase(), label: settled });
  }, [settled, text, chosen, onChoose]);

  if (chosen) {
    return (
      <div className="min-w-0 space-y-1.5">
        <p className="text-sm font-medium">{t('admin.audit.actor')}</p>
        <div className="flex min-h-11 items-center gap-2">
          <Badge tone="info" className="min-w-0 truncate py-1 text-sm">
            <span className="truncate">{t('admin.audit.actorChosen', { name: chosen.label })}</span>
          </Badge>
          <button
            type="button"
            onClick={() => {
              setText('');
              onChoose(null);
            }}
            aria-label={t('admin.audit.clearActor')}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    );
  }

  return (
    <FilterField label={t('admin.audit.actor')} hint={t('admin.audit.actorHint')}>
      {(id, hintId) => (
        <div className="space-y-2">
          <Input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('admin.audit.actorPlaceholder')}
            aria-describedby={hintId}
            autoComplete="off"
            maxLength={100}
          />
          {searching && matches.data && (
            matches.data.length === 0 ? (
              <p role="status" className="text-sm text-muted-foreground">
                {t('admin.audit.noActorMatches')}
              </p>
            ) : (
              <ul aria-label={t('admin.audit.actorMatches')} className="max-h-56 overflow-y-auto rounded-lg border border-border">
                {matches.data.map((person) => (
                  <li key={person.id}>
                    <button
                      type="button"
                      className="flex w-full flex-col items-start px-3 py-2 text-start text-sm hover:bg-muted focus-visible:bg-muted"
                      onClick={() => onChoose({ id: person.id, label: `${person.name} (${person.email})` })}
                      aria-label={t('admin.audit.chooseActor', { name: person.name, email: person.email })}
                    >
                      <span className="font-medium">{person.name}</span>
                      <span className="text-xs break-all text-muted-foreground">{person.email}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          )}
        </div>
      )}
    </FilterField>
  );
}
