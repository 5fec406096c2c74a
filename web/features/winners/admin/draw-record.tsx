/**
 * A group's draw record for the admin (docs/draws.md; GET /api/admin/groups/{id}/draws): the record as
 * members read it (member/record-view.tsx: every input the rule hashes, checked in the browser), with
 * full names; the record saved as read, the standalone check; and the record's published link
 * (publish-link.tsx). The record is append-only: a void draw and a cancelled winner stay in it.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DrawRecordView, RecordTools } from '../member/record-view.tsx';
import { fetchDrawRecord, winnerKeys } from './api.ts';
import { errorText } from './parts.tsx';
import { PublishLink } from './publish-link.tsx';

interface DrawRecordDialogProps {
  /** The group whose record is shown; null when closed. */
  group: { id: string; groupNumber: string } | null;
  onOpenChange: (open: boolean) => void;
}

export function DrawRecordDialog({ group, onOpenChange }: DrawRecordDialogProps) {
  const { t } = useTranslation('adminWinners');
  const record = useQuery({
    queryKey: winnerKeys.drawRecord(group?.id ?? ''),
    queryFn: ({ signal }) => fetchDrawRecord(group?.id ?? '', signal),
    enabled: group !== null,
  });
  const plan = record.data?.group.planName;
  return (
    <Dialog
      open={group !== null}
      onOpenChange={onOpenChange}
      title={t('record.title', { group: group?.groupNumber ?? '' })}
      description={plan ? t('record.description', { plan }) : undefined}
      className="sm:max-w-2xl"
    >
      {group && <PublishLink groupId={group.id} />}
      <div className="mt-5">
        {record.isPending ? (
          <Spinner label={t('record.loading')} />
        ) : record.isError && !record.data ? (
          <div className="space-y-3">
            <p role="alert" className="font-medium">
              {errorText(record.error, t('record.failed'))}
            </p>
            <Button variant="outline" size="sm" onClick={() => void record.refetch()} disabled={record.isFetching}>
              {t('record.retry')}
            </Button>
          </div>
        ) : (
          <div className="space-y-5">
            <RecordTools record={record.data} />
            <DrawRecordView record={record.data} />
          </div>
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="outline" className="w-full sm:w-auto">
            {t('record.close')}
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
