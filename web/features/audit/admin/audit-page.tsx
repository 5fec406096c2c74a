/**
 * /admin/audit (RULES §11): the append-only record of every admin change, newest first, with filters
 * (action, record type, record id, actor, from and to dates) applied by the server, and pages.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FilterField } from '../../../components/filter-field.tsx';
import { ActorField, type ChosenActor } from './actor-field.tsx';
import { auditKeys, emptyAuditFilters, ENTITY_TYPES, exportAudit, fetchAudit, isKnownEntityType, KNOWN_ACTIONS, type AuditFilters } from './api.ts';
import { AuditEntryList, useAuditText } from './audit-entry-list.tsx';
import { totalLabel } from '../../../lib/paging.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The two dates in order: a start after the end finds nothing, so it is pointed out instead. */
export const datesInOrder = (from: string, to: string) => !from || !to || from <= to;

export function AdminAuditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.audit.title'));
  const queryClient = useQueryClient();
  const text = useAuditText();
  const actionListId = useId();

  // Typed filters are sent once the typing settles; choices at once. Any change goes back to page 1.
  const [action, setAction] = useState('');
  const [entityId, setEntityId] = useState('');
  const [entityType, setEntityType] = useState('');
  const [actor, setActor] = useState<ChosenActor | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [paging, setPaging] = useState({ page: 1, filterKey: '' });
  const [actorFieldKey, setActorFieldKey] = useState(0);
  const settledAction = useDebouncedValue(action.trim(), 400);
  const settledEntityId = useDebouncedValue(entityId.trim(), 400);
  const ordered = datesInOrder(from, to);

  const applied: Omit<AuditFilters, 'page'> = {
    action: settledAction,
    entityType,
    entityId: settledEntityId,
    actorId: actor?.id ?? '',
    // Dates out of order are not sent: the message by the fields says why.
    from: ordered ? from : '',
    to: ordered ? to : '',
  };
  // A page belongs to the filters it was chosen under: other filters start again at page 1.
  const filterKey = JSON.stringify(applied);
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filterKey });
  const filters: AuditFilters = { ...emptyAuditFilters, ...applied, page };

  const audit = useQuery({ queryKey: auditKeys.list(filters), queryFn: ({ signal }) => fetchAudit(filters, signal), placeholderData: keepPreviousData });

  const toasted = useRef(0);
  useEffect(() => {
    if (audit.error && audit.errorUpdatedAt !== toasted.current) {
      toasted.current = audit.errorUpdatedAt;
      notify.error(getErrorMessage(audit.error, t('admin.audit.loadFailed')));
    }
  }, [audit.error, audit.errorUpdatedAt, t]);

  const chooseActor = useCallback((next: ChosenActor | null) => setActor(next), []);

  function clearFilters() {
    setAction('');
    setEntityId('');
    setEntityType('');
    setActor(null);
    setActorFieldKey((key) => key + 1);
    setFrom('');
    setTo('');
  }

  const entries = audit.data?.entries ?? [];
  const pagination = audit.data?.pagination;
  const filtered = Boolean(filters.action || filters.entityType || filters.entityId || filters.actorId || filters.from || filters.to);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.audit.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('admin.audit.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
        <DownloadButton
          download={() => exportAudit(filters)}
          label={t('admin.audit.download')}
          busyLabel={t('admin.audit.downloading')}
          failedMessage={t('admin.audit.downloadFailed')}
          aria-label={t('admin.audit.downloadLabel')}
        />
        <Button
          variant="outline"
          onClick={() => void queryClient.invalidateQueries({ queryKey: auditKeys.all })}
          disabled={audit.isFetching}
          aria-busy={audit.isFetching}
        >
          <RefreshCw aria-hidden className={cn(audit.isFetching && 'animate-spin')} />
          {t('admin.audit.refresh')}
        </Button>
        </div>
      </div>

      <Card className="p-4">
        <form role="search" aria-label={t('admin.audit.filtersLabel')} onSubmit={(event) => event.preventDefault()} className="space-y-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <FilterField label={t('admin.audit.action')}>
              {(id) => (
                <>
                  <Input
                    id={id}
                    list={actionListId}
                    value={action}
                    onChange={(event) => setAction(event.target.value)}
                    placeholder={t('admin.audit.actionPlaceholder')}
                    autoComplete="off"
                    autoCapitalize="characters"
                    maxLength={60}
                  />
                  <datalist id={actionListId}>
                    {KNOWN_ACTIONS.map((known) => (
                      <option key={known} value={known}>
                        {text.action(known)}
                      </option>
                    ))}
                  </datalist>
                </>
              )}
            </FilterField>
            <FilterField label={t('admin.audit.entityType')}>
              {(id) => (
                <Select id={id} value={entityType} onChange={(event) => setEntityType(event.target.value)}>
                  <option value="">{t('admin.audit.allTypes')}</option>
                  {entityType && !isKnownEntityType(entityType) && <option value={entityType}>{entityType}</option>}
                  {ENTITY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {text.entityType(type)}
                    </option>
                  ))}
                </Select>
              )}
            </FilterField>
            <FilterField label={t('admin.audit.entityId')}>
              {(id) => <Input id={id} value={entityId} onChange={(event) => setEntityId(event.target.value)} autoComplete="off" maxLength={100} className="font-mono" />}
            </FilterField>
            <ActorField key={actorFieldKey} chosen={actor} onChoose={chooseActor} />
            <FilterField label={t('admin.audit.from')}>
              {(id) => <Input id={id} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} aria-invalid={ordered ? undefined : true} />}
            </FilterField>
            <FilterField label={t('admin.audit.to')}>
              {(id) => <Input id={id} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} aria-invalid={ordered ? undefined : true} />}
            </FilterField>
          </div>
          {!ordered && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {t('admin.audit.dateOrder')}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">{t('admin.audit.timeZone')}</p>
            <Button type="button" variant="ghost" size="sm" onClick={clearFilters}>
              {t('admin.audit.clear')}
            </Button>
          </div>
        </form>
      </Card>

      {audit.isPending ? (
        <Spinner label={t('admin.audit.loading')} className="justify-center py-10" />
      ) : !audit.data ? (
        <LoadError message={getErrorMessage(audit.error, t('admin.audit.loadFailed'))} retryLabel={t('admin.audit.retry')} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <ScrollText className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t('admin.audit.empty')}</h2>
          <p className="mt-1 text-muted-foreground">{filtered ? t('admin.audit.emptyFiltered') : t('admin.audit.emptyText')}</p>
        </Card>
      ) : (
        <div aria-busy={audit.isFetching}>
          {pagination && (
            <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
              {t('admin.audit.total', { count: pagination.total, total: totalLabel(pagination) })}
            </p>
          )}
          <AuditEntryList
            entries={entries}
            filterBy={{
              byActor: (person) => setActor({ id: person.id, label: `${person.name} (${person.email})` }),
              byRecord: (type, id) => {
                setEntityType(type);
                setEntityId(id);
              },
            }}
          />
          {pagination && <Pager page={pagination.page} pages={pagination.pages} onPage={setPage} label={t('admin.audit.pagination')} />}
        </div>
      )}
    </div>
  );
}
