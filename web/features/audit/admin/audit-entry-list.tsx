/**
 * A page of audit entries (RULES §11): when (Pakistan time), who, what, which record, before and
 * after (a short list of changes, and the full JSON on demand), from which address. A table on wide
 * screens, cards on phones.
 */
import { useId } from 'react';
import { Filter, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime, formatMonth } from '../../../lib/format.ts';
import type { AuditSubject } from '../../../../contract/audit.ts';
import { WIDE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { isKnownAction, isKnownEntityType, type AuditEntry } from './api.ts';
import { diffValues, prettyJson } from './diff.ts';

/** Changes shown before 'and N more' (the JSON view has them all). */
const VISIBLE_CHANGES = 6;

export interface EntryFilterActions {
  byActor: (actor: { id: string; name: string; email: string }) => void;
  byRecord: (entityType: string, entityId: string) => void;
}

/** '12 Mar 2026, 3:45:12 pm' in Pakistan: written as every date is (lib/format.ts), to the second. */
export function formatAuditTime(iso: string, language = 'en'): string {
  return formatDateTime(iso, language, { seconds: true }) || iso;
}

export function useAuditText() {
  const { t, i18n } = useTranslation();
  return {
    action: (action: string) => (isKnownAction(action) ? t(`admin.audit.actions.${action}`) : action),
    entityType: (type: string) => (isKnownEntityType(type) ? t(`admin.audit.entityTypes.${type}`) : type),
    /** 'Aisha Khan, Gold, Group 1, March 2026': the record named as a person reads it. */
    subject: (s: AuditSubject) =>
      [
        s.member,
        s.bank && s.account ? `${s.bank}, ${s.account}` : undefined,
        s.plan,
        s.groupNumber ? t('admin.audit.subject.group', { number: s.groupNumber }) : undefined,
        s.month && s.year ? formatMonth(s.year, s.month, i18n.language) : undefined,
        s.planRequest ? t('admin.audit.subject.planRequest') : undefined,
      ]
        .filter(Boolean)
        .join(', '),
  };
}

export function AuditEntryList({ entries, filterBy }: { entries: AuditEntry[]; filterBy: EntryFilterActions }) {
  const isWide = useMediaQuery(WIDE_QUERY);
  return isWide ? <AuditTable entries={entries} filterBy={filterBy} /> : <AuditCards entries={entries} filterBy={filterBy} />;
}

function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Filter className="size-4" aria-hidden />
    </button>
  );
}

function When({ entry }: { entry: AuditEntry }) {
  const { i18n } = useTranslation();
  return <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt, i18n.language)}</time>;
}

function Who({ entry, filterBy }: { entry: AuditEntry; filterBy: EntryFilterActions }) {
  const { t } = useTranslation();
  const actor = entry.actor;
  if (!actor) return <span className="text-muted-foreground">{t('admin.audit.system')}</span>;
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0">
        <div className="font-medium break-words">{actor.name}</div>
        <div className="text-xs break-all text-muted-foreground">{actor.email}</div>
      </div>
      {actor.id && <FilterButton label={t('admin.audit.filterByActor', { name: actor.name })} onClick={() => filterBy.byActor({ id: actor.id!, name: actor.name, email: actor.email })} />}
    </div>
  );
}

function What({ entry }: { entry: AuditEntry }) {
  const text = useAuditText();
  return (
    <div>
      <div className="font-medium">{text.action(entry.action)}</div>
      <div className="font-mono text-xs text-muted-foreground">{entry.action}</div>
      <SecurityMark entry={entry} />
    </div>
  );
}

/** A security change (decision 047) is marked, with the device it was made from. */
function SecurityMark({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (!entry.security) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <Badge tone="warning" className="gap-1">
        <ShieldAlert className="size-3.5" aria-hidden />
        {t('admin.audit.security')}
      </Badge>
      {entry.device && <span className="text-xs text-muted-foreground">{t('admin.audit.device', { device: entry.device })}</span>}
    </div>
  );
}

function Record({ entry, filterBy }: { entry: AuditEntry; filterBy: EntryFilterActions }) {
  const { t } = useTranslation();
  const text = useAuditText();
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0">
        <div>{text.entityType(entry.entityType)}</div>
        {entry.subject && <div className="font-medium break-words">{text.subject(entry.subject)}</div>}
        {entry.entityId && <div className="font-mono text-xs break-all text-muted-foreground">{entry.entityId}</div>}
      </div>
      {entry.entityId && <FilterButton label={t('admin.audit.filterByRecord')} onClick={() => filterBy.byRecord(entry.entityType, entry.entityId!)} />}
    </div>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = diffValues(entry.before, entry.after);
  const hasJson = (entry.before ?? null) !== null || (entry.after ?? null) !== null;
  return (
    <div className="min-w-0 space-y-1">
      {changes.length === 0 ? (
        <p className="text-muted-foreground">{t('admin.audit.noChanges')}</p>
      ) : (
        <ul className="space-y-0.5">
          {changes.slice(0, VISIBLE_CHANGES).map((change) => (
            // A value may be one long word (an id, a piece of JSON): it breaks anywhere, so that it does not
            // widen the table's column (and push the log past the screen) to its own length.
            <li key={change.key || 'value'} className="wrap-anywhere">
              {change.key && <span className="font-medium">{change.key}: </span>}
              {!change.added && <span className="text-muted-foreground line-through decoration-destructive/60">{change.before}</span>}
              {!change.added && !change.removed && (
                <>
                  <span aria-hidden> → </span>
                  <span className="sr-only"> {t('admin.audit.becomes')} </span>
                </>
              )}
              {!change.removed && <span>{change.after}</span>}
              {change.removed && <span className="sr-only"> ({t('admin.audit.removed')})</span>}
            </li>
          ))}
          {changes.length > VISIBLE_CHANGES && <li className="text-muted-foreground">{t('admin.audit.moreChanges', { count: changes.length - VISIBLE_CHANGES })}</li>}
        </ul>
      )}
      {hasJson && (
        <details className="group">
          <summary className="cursor-pointer rounded text-xs font-medium text-primary hover:underline">{t('admin.audit.showJson')}</summary>
          <div className="mt-2 grid gap-2">
            <JsonBlock label={t('admin.audit.before')} value={entry.before} />
            <JsonBlock label={t('admin.audit.after')} value={entry.after} />
          </div>
        </details>
      )}
    </div>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const id = useId();
  return (
    <figure className="min-w-0">
      <figcaption id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </figcaption>
      <pre aria-labelledby={id} className="mt-1 max-h-64 overflow-auto rounded-lg bg-muted p-2 text-xs whitespace-pre-wrap break-all">
        {prettyJson(value)}
      </pre>
    </figure>
  );
}

function AuditTable({ entries, filterBy }: { entries: AuditEntry[]; filterBy: EntryFilterActions }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full min-w-[64rem] text-sm">
        <caption className="sr-only">{t('admin.audit.listLabel')}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.audit.columns.when')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.audit.columns.who')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.audit.columns.what')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.audit.columns.record')}</th>
            <th scope="col" className="w-[30%] px-4 py-3 text-start font-medium">{t('admin.audit.columns.changes')}</th>
            <th scope="col" className="px-4 py-3 text-start font-medium">{t('admin.audit.columns.ip')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap">
                <When entry={entry} />
              </td>
              <td className="max-w-56 px-4 py-3">
                <Who entry={entry} filterBy={filterBy} />
              </td>
              <td className="px-4 py-3">
                <What entry={entry} />
              </td>
              <td className="max-w-56 px-4 py-3">
                <Record entry={entry} filterBy={filterBy} />
              </td>
              <td className="px-4 py-3">
                <Changes entry={entry} />
              </td>
              <td className="px-4 py-3 font-mono text-xs break-all">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditCards({ entries, filterBy }: { entries: AuditEntry[]; filterBy: EntryFilterActions }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.audit.listLabel')} className="grid gap-3 lg:grid-cols-2">
      {entries.map((entry) => (
        <AuditCard key={entry.id} entry={entry} filterBy={filterBy} />
      ))}
    </ul>
  );
}

function AuditCard({ entry, filterBy }: { entry: AuditEntry; filterBy: EntryFilterActions }) {
  const { t } = useTranslation();
  const text = useAuditText();
  const titleId = useId();
  return (
    <li className="min-w-0">
      <Card className="h-full p-4">
        <article aria-labelledby={titleId} className="space-y-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <h3 id={titleId} className="font-semibold">
                {text.action(entry.action)}
              </h3>
              <SecurityMark entry={entry} />
            </div>
            <span className="text-xs text-muted-foreground">
              <When entry={entry} />
            </span>
          </div>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.audit.columns.who')}</dt>
              <dd>
                <Who entry={entry} filterBy={filterBy} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.audit.columns.record')}</dt>
              <dd>
                <Record entry={entry} filterBy={filterBy} />
              </dd>
            </div>
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-xs text-muted-foreground">{t('admin.audit.columns.changes')}</dt>
              <dd>
                <Changes entry={entry} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.audit.columns.what')}</dt>
              <dd className="font-mono text-xs">{entry.action}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t('admin.audit.columns.ip')}</dt>
              <dd className="font-mono text-xs break-all">{entry.ip ?? '—'}</dd>
            </div>
          </dl>
        </article>
      </Card>
    </li>
  );
}
