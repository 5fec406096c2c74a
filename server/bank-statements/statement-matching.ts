/**
 * Which payment each credit line of a bank statement is, in this order (the rule):
 * 1. the payment reference found in the line's description or reference column: exact, its check
 *    character valid (contract/payment-reference.ts), naming a payment;
 * 2. else the same amount, the receipt's transfer date at most `days` from the line's date, and the
 *    member's name in the description;
 * 3. else the line stays open.
 * A line never matches two payments, nor a payment two lines: a line whose rule finds two payments, or
 * a payment two lines, is left open for the administrator rather than guessed. Pure, so that it runs in
 * the statement thread (statement-import-worker.ts) over thousands of lines.
 */
import { findPaymentReferences } from '../../contract/payment-reference.ts';

export type LineToMatch = { id: string; transferDate: string; line: number; description: string; reference: string | null; creditPaisa: number };
/**
 * A payment a line may be: found by a reference the lines name, or paid into the account with a receipt
 * (`byAmount`: not refused, the money not already counted by another payment) whose transfer date is known.
 */
export type PaymentToMatch = { id: string; reference: string; amountPaisa: number; transferDate: string | null; name: string; byAmount: boolean };
export type ProposedMatch =
  | { lineId: string; paymentId: string; method: 'REFERENCE'; reason: { reference: string } }
  | { lineId: string; paymentId: string; method: 'AMOUNT_DATE_NAME'; reason: { daysApart: number; nameWords: string[] } };

const DAY_MS = 86_400_000;
const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/** A text's words, in lower case, letters only ("M. ALI-KHAN/IBFT" → m, ali, khan, ibft). */
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);

/**
 * The words of a member's name found in a description, when they are enough to say it is theirs: every
 * word of three letters or more, or at least two of them when the name has three or more (banks often
 * shorten a long name). Null when not.
 */
export function nameFound(name: string, description: string): string[] | null {
  const words = [...new Set(wordsOf(name).filter((word) => word.length >= 3))];
  if (words.length === 0) return null;
  const said = new Set(wordsOf(description));
  const found = words.filter((word) => said.has(word));
  const enough = found.length === words.length || (words.length >= 3 && found.length >= 2);
  return enough ? found : null;
}

/** Lines in the order a statement lists them: by day, then by their row in the file. */
const byStatementOrder = (a: LineToMatch, b: LineToMatch) => a.transferDate.localeCompare(b.transferDate) || a.line - b.line || a.id.localeCompare(b.id);

export function proposeMatches(lines: LineToMatch[], payments: PaymentToMatch[], days: number): ProposedMatch[] {
  const matches: ProposedMatch[] = [];
  const matchedLines = new Set<string>();
  const matchedPayments = new Set<string>();
  const ordered = [...lines].sort(byStatementOrder);

  // 1. By reference. A line naming two different payments is left open; a payment named by two lines
  // goes to the first in the statement, and the later lines stay open.
  const byReference = new Map(payments.map((payment) => [payment.reference, payment]));
  for (const line of ordered) {
    const named = findPaymentReferences(`${line.description} ${line.reference ?? ''}`).filter((reference) => byReference.has(reference));
    if (named.length !== 1) continue;
    const payment = byReference.get(named[0])!;
    if (matchedPayments.has(payment.id)) continue;
    matches.push({ lineId: line.id, paymentId: payment.id, method: 'REFERENCE', reason: { reference: payment.reference } });
    matchedLines.add(line.id);
    matchedPayments.add(payment.id);
  }

  // 2. By amount, date and name, among what is left: only a pair that is each other's one candidate.
  const byAmount = new Map<number, PaymentToMatch[]>();
  for (const payment of payments) {
    if (matchedPayments.has(payment.id) || !payment.byAmount || payment.transferDate === null) continue;
    const same = byAmount.get(payment.amountPaisa) ?? [];
    same.push(payment);
    byAmount.set(payment.amountPaisa, same);
  }
  const candidates: { line: LineToMatch; payment: PaymentToMatch; apart: number; words: string[] }[] = [];
  const perPayment = new Map<string, number>();
  for (const line of ordered) {
    if (matchedLines.has(line.id)) continue;
    const found: typeof candidates = [];
    for (const payment of byAmount.get(line.creditPaisa) ?? []) {
      const apart = daysApart(line.transferDate, payment.transferDate!);
      if (apart > days) continue;
      const words = nameFound(payment.name, line.description);
      if (words) found.push({ line, payment, apart, words });
    }
    for (const candidate of found) perPayment.set(candidate.payment.id, (perPayment.get(candidate.payment.id) ?? 0) + 1);
    if (found.length === 1) candidates.push(found[0]);
  }
  for (const { line, payment, apart, words } of candidates) {
    if (perPayment.get(payment.id) !== 1) continue;
    matches.push({ lineId: line.id, paymentId: payment.id, method: 'AMOUNT_DATE_NAME', reason: { daysApart: apart, nameWords: words } });
  }
  return matches;
}
