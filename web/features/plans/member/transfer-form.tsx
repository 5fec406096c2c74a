/**
 * What the member's two forms that pay the committee by bank transfer share: buying a plan
 * (subscribe-page.tsx) and paying a month (instalments/member/payment-page.tsx). The account chosen,
 * the receipt and the form's error are kept here, and what still keeps the form from being sent is
 * listed under its button (member document §5).
 */
import { useId, useState, type ReactNode } from 'react';
import { CircleAlert, Info, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { ReceiptProblem } from '../../../lib/receipt-file.ts';
import { isTransferProblem, noTransferDetails, TRANSACTION_NUMBER_MAX, transferDateRange, type TransferDetailsInput, type TransferProblem } from '../../../lib/transfer-details.ts';
import './catalogue.ts';

/** A date or number typed wrong is said beside its field rather than under the button; a missing date under the button. */
const saidByTheField = (problem: string): problem is TransferProblem => isTransferProblem(problem) && problem !== 'transferDateRequired';

/** A form's state; `findProblems` says what keeps it from being sent, in the order the member meets the fields. */
export function useTransferForm<Problem extends string>(
  findProblems: (fields: { bankAccountId: string; receipt: File | null; transfer: TransferDetailsInput }) => Problem[],
  receiptText: (problem: ReceiptProblem) => string,
) {
  const [bankAccountId, setBankAccountId] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<TransferDetailsInput>(noTransferDetails);
  const problems = findProblems({ bankAccountId, receipt, transfer });
  return {
    bankAccountId,
    receipt,
    receiptError,
    formError,
    setFormError,
    problems,
    transfer,
    // Listed under the disabled button; the receipt's own error already says what is wrong with a refused
    // file, and a date or number typed wrong is said by its field.
    missing: problems.filter((problem) => !(receiptError && problem === 'required') && !saidByTheField(problem)),
    chooseAccount(id: string) {
      setBankAccountId(id);
      setFormError(null);
    },
    changeTransfer(details: TransferDetailsInput) {
      setTransfer(details);
      setFormError(null);
    },
    chooseReceipt(file: File | null, problem: ReceiptProblem | undefined) {
      setFormError(null);
      setReceipt(problem ? null : file);
      setReceiptError(problem ? receiptText(problem) : null);
    },
    /**
     * The receipt, when everything is there. Otherwise the form's alert says the first thing missing:
     * the button is disabled until then, and this repeats the checks for any other way in.
     */
    readyReceipt(problemText: (problem: Problem | 'required') => string): File | null {
      const [first] = problems;
      if (first || !receipt) {
        setFormError(problemText(first ?? 'required'));
        return null;
      }
      setFormError(null);
      return receipt;
    },
  };
}

/** The card in which the member picks the committee's account they paid into. */
export function AccountsCard({ title, hint, children }: { title: string; hint: string; children: (names: { labelledBy: string; describedBy: string }) => ReactNode }) {
  const headingId = useId();
  const hintId = useId();
  return (
    <Card className="p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={hintId} className="mt-1 mb-3 text-sm text-muted-foreground">
        {hint}
      </p>
      {children({ labelledBy: headingId, describedBy: hintId })}
    </Card>
  );
}

/** The form's send button, and under it what is still missing (never while sending). */
export function SendButton(props: { label: string; sendingLabel: string; sending: boolean; busy: boolean; blocked: boolean; missing: string[] }) {
  const problemsId = useId();
  const listed = !props.busy && props.missing.length > 0;
  return (
    <>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={props.blocked || props.busy}
        aria-busy={props.sending || undefined}
        aria-describedby={listed ? problemsId : undefined}
      >
        <Send aria-hidden />
        {props.sending ? props.sendingLabel : props.label}
      </Button>
      {listed && (
        <ul id={problemsId} className="space-y-1 text-sm text-muted-foreground">
          {props.missing.map((text) => (
            <li key={text} className="flex items-start gap-1.5">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** How to pay by bank transfer, step by step, with the warning to pay from one's own account. */
export function TransferSteps({ title, steps, warning }: { title: string; steps: string[]; warning: string }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ol className="mt-3 space-y-2.5">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-sm">
            <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-warning/10 p-3 text-sm">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>{warning}</span>
      </p>
    </Card>
  );
}

/**
 * The transfer's date (required) and the bank's transaction number (optional), on every form that sends
 * a receipt (decision 052). A date or number typed wrong is said under its field; a missing date is
 * listed under the send button with the rest of what is missing.
 */
export function TransferDetailsFields(props: {
  value: TransferDetailsInput;
  onChange: (value: TransferDetailsInput) => void;
  problems: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation('memberPlans');
  const { value, onChange, problems, disabled } = props;
  const range = transferDateRange();
  const said = (prefix: string) => {
    const problem = problems.find((p): p is TransferProblem => saidByTheField(p) && p.startsWith(prefix));
    return problem ? t(`transfer.problems.${problem}`) : undefined;
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('transfer.dateLabel')} hint={t('transfer.dateHint')} error={said('transferDate')}>
        {(control) => (
          <Input
            {...control}
            name="transferDate"
            type="date"
            required
            aria-required
            min={range.min}
            max={range.max}
            value={value.transferDate}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, transferDate: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('transfer.numberLabel')} hint={t('transfer.numberHint')} error={said('transactionNumber')} optional>
        {(control) => (
          <Input
            {...control}
            name="transactionNumber"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            maxLength={TRANSACTION_NUMBER_MAX}
            value={value.transactionNumber}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, transactionNumber: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
