/**
 * The bank statement of one account in reconciliation: import a statement, see per day or month how many
 * of its lines are matched, and go through the lines, approving the matched receipts.
 */
import { useId, useState } from 'react';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { ReconciliationAccount, ReconciliationFilter } from './reconciliation-api.ts';
import { useAccountLabel } from './reconciliation-labels.ts';
import { StatementImportDialog } from './statement-import-dialog.tsx';
import { StatementLines } from './statement-lines.tsx';
import { StatementSummary } from './statement-summary.tsx';

export function StatementSection({ account, filter }: { account: ReconciliationAccount; filter: ReconciliationFilter }) {
  const { t } = useTranslation('adminCatalog');
  const accountLabel = useAccountLabel();
  const headingId = useId();
  const [importing, setImporting] = useState(false);
  const bankAccountId = account.bankAccount.id;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {t('reconciliation.statement.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('reconciliation.statement.hint')}</p>
        </div>
        <Button onClick={() => setImporting(true)}>
          <FileUp aria-hidden />
          {t('reconciliation.statement.import')}
        </Button>
      </div>
      <StatementImportDialog open={importing} onOpenChange={setImporting} bankAccountId={bankAccountId} account={accountLabel(account)} />
      <StatementSummary filter={{ bankAccountId, ...filter }} />
      <StatementLines key={bankAccountId} bankAccountId={bankAccountId} from={filter.from} to={filter.to} />
    </section>
  );
}
