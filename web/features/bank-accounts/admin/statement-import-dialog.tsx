/**
 * Importing a bank statement into an account: choose the file (CSV or .xlsx), see its first rows and the
 * columns offered (the account's saved layout, or a guess from the headings), change the mapping and see
 * the first lines read again by it, then import with the upload's progress, and see what was added and
 * matched. Nothing is saved before Import.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bankStatementMessages, STATEMENT_MAX_BYTES, type StatementLayout } from '../../../../contract/bank-statements.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { textOfFieldMessage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { reconciliationKeys } from './reconciliation-api.ts';
import { lineErrorsOf, statementApi, statementKeys } from './statement-api.ts';
import { ImportProgress, ImportResult } from './statement-import-result.tsx';
import { checkDraft, draftFieldOf, draftOf, type DraftErrors, type LayoutDraft } from './statement-layout.ts';
import { StatementLayoutForm } from './statement-layout-form.tsx';
import { FileRows, LineErrors, ReadLines } from './statement-preview.tsx';

const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function StatementImportDialog({ open, onOpenChange, bankAccountId, account }: { open: boolean; onOpenChange: (open: boolean) => void; bankAccountId: string; account: string }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('reconciliation.import.title')} description={t('reconciliation.import.description', { account })} className="sm:max-w-5xl">
      {open && <ImportForm bankAccountId={bankAccountId} />}
    </Dialog>
  );
}

/** The server's field errors of an import, as the file's and the mapping's own. */
function fieldErrorsOf(error: unknown): { file?: string; layout: DraftErrors } {
  const layout: DraftErrors = {};
  if (!(error instanceof ApiError)) return { layout };
  for (const [key, message] of Object.entries(error.errors ?? {})) {
    const field = draftFieldOf(key);
    if (field) layout[field] = message;
  }
  return { file: error.errors?.statement, layout };
}

function ImportForm({ bankAccountId }: { bankAccountId: string }) {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const files = useRef(0);
  const [chosen, setChosen] = useState<{ file: File; key: number } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<LayoutDraft | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  // The first reading, by the layout the server offers; it fills the mapping.
  const first = useMutation({ mutationFn: (file: File) => statementApi.preview(bankAccountId, file, null) });
  const checked = useMemo(() => (draft ? checkDraft(draft) : null), [draft]);
  // Read again once the mapping has stayed the same a moment, unless it is the one first offered.
  const settled = useDebouncedValue(checked?.layout ?? null, 500);
  const settledText = settled ? JSON.stringify(settled) : '';
  const offeredText = first.data?.layout ? JSON.stringify(first.data.layout) : '';
  const again = useQuery({
    queryKey: statementKeys.preview(bankAccountId, chosen?.key ?? 0, settledText),
    queryFn: ({ signal }) => statementApi.preview(bankAccountId, chosen!.file, settled, signal),
    enabled: chosen !== null && first.isSuccess && settled !== null && settledText !== offeredText,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const preview = (settledText !== offeredText && again.data) || first.data;

  const imported = useMutation({
    mutationFn: (layout: StatementLayout) => statementApi.import(bankAccountId, chosen!.file, layout, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
  });
  const refused = imported.isError ? fieldErrorsOf(imported.error) : { layout: {} };
  // A refused line is said in the list below, by its reason, in the reader's language: not again by the file.
  const refusedLines = lineErrorsOf(imported.error);
  const refusedFile = refusedLines.length === 0 ? refused.file : undefined;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    first.reset();
    imported.reset();
    setDraft(null);
    setChosen(null);
    const problem = !file ? null : file.size === 0 ? bankStatementMessages.file : file.size > STATEMENT_MAX_BYTES ? bankStatementMessages.tooLarge : null;
    setFileProblem(problem);
    if (!file || problem) {
      event.target.value = '';
      return;
    }
    files.current += 1;
    setChosen({ file, key: files.current });
    // Only the file chosen last fills the mapping, whichever reading answers first.
    first.mutate(file, { onSuccess: (preview) => setDraft(draftOf(preview.layout)) });
  }

  function onDraft(next: LayoutDraft) {
    setDraft(next);
    if (imported.isError) imported.reset();
  }

  if (imported.isSuccess) return <ImportResult result={imported.data} />;

  const fileError = fileProblem ? textOfFieldMessage(fileProblem) : first.isError ? getErrorMessage(first.error, t('reconciliation.import.previewFailed')) : refusedFile ? textOfFieldMessage(refusedFile) : undefined;
  const canImport = chosen !== null && checked?.layout != null && !imported.isPending;

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen && checked?.layout && !imported.isPending) imported.mutate(checked.layout);
      }}
    >
      <FormField label={t('reconciliation.import.file')} hint={t('reconciliation.import.fileHint')} error={fileError}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPT}
            onChange={onFile}
            disabled={imported.isPending}
            data-autofocus
            className="block w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-sm file:me-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-1.5 file:text-primary-foreground aria-invalid:border-destructive"
          />
        )}
      </FormField>
      {first.isPending && <Spinner label={t('reconciliation.import.reading')} />}
      {preview && draft && chosen && (
        <>
          <section className="space-y-2">
            <h3 className="font-semibold">{t('reconciliation.import.rowsTitle')}</h3>
            <FileRows preview={preview} fileName={chosen.file.name} />
          </section>
          <StatementLayoutForm
            draft={draft}
            onChange={onDraft}
            errors={{ ...refused.layout, ...checked?.errors }}
            columns={preview.columns}
            rows={preview.rows}
            source={first.data?.layoutSource ?? 'none'}
          />
          <section className="space-y-2" aria-busy={again.isFetching}>
            <h3 className="font-semibold">{t('reconciliation.import.linesTitle')}</h3>
            {again.isFetching && <Spinner label={t('reconciliation.import.rereading')} />}
            {again.isError && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {getErrorMessage(again.error, t('reconciliation.import.previewFailed'))}
              </p>
            )}
            <ReadLines preview={preview} />
          </section>
        </>
      )}
      {imported.isError && (
        <div className="space-y-2">
          <FormAlert message={getErrorMessage(imported.error, t('reconciliation.import.failed'))} />
          <LineErrors errors={refusedLines} />
        </div>
      )}
      {progress !== null && <ImportProgress sent={progress} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={imported.isPending}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!canImport} aria-busy={imported.isPending}>
          <Upload aria-hidden />
          {imported.isPending ? t('reconciliation.import.busy') : t('reconciliation.import.submit')}
        </Button>
      </div>
    </form>
  );
}
