/**
 * The checks of the standalone verifier page (verify-draw.html): a downloaded draw record, read as
 * plain JSON and checked draw by draw with the member's own check (member/verify.ts, the published
 * rule of contract/draw-rule.ts). It trusts nothing in the file but what the rule recomputes.
 */
import { verifyDraw, type DrawVerification } from '../member/verify.ts';

export type CheckedDraw = {
  month: number;
  year: number;
  status: string;
  verdict: DrawVerification;
  commitment: string;
  seed: string | null;
  entrants: number;
  /** The winner's name and place (from 1) in the list, when drawn and verified. */
  winner: { name: string; place: number } | null;
};

export type CheckedRecord = { plan: string; group: string; draws: CheckedDraw[]; manualChoices: number };

export type RecordProblem = 'not-a-record';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

type Entrant = { userId: string; name: string; position: number };
const isEntrant = (value: unknown): value is Entrant => isObject(value) && isText(value.userId) && isText(value.name) && typeof value.position === 'number';

/** A record as the draw record's download writes it (contract/winners.ts drawRecord), or why not. */
export async function checkRecord(file: unknown): Promise<CheckedRecord | RecordProblem> {
  if (!isObject(file) || !isObject(file.group) || !Array.isArray(file.months)) return 'not-a-record';
  const { planName, groupNumber } = file.group;
  if (!isText(planName) || !isText(groupNumber)) return 'not-a-record';
  const draws: CheckedDraw[] = [];
  let manualChoices = 0;
  for (const month of file.months) {
    if (!isObject(month) || typeof month.month !== 'number' || typeof month.year !== 'number' || !Array.isArray(month.entries)) return 'not-a-record';
    for (const entry of month.entries) {
      if (!isObject(entry)) return 'not-a-record';
      if (entry.method === 'MANUAL') {
        manualChoices++;
        continue;
      }
      if (entry.method !== 'DRAW' || !isText(entry.status) || !isText(entry.commitment) || !Array.isArray(entry.eligible) || !entry.eligible.every(isEntrant)) return 'not-a-record';
      const seed = isText(entry.seed) ? entry.seed : null;
      const pickedIndex = typeof entry.pickedIndex === 'number' ? entry.pickedIndex : null;
      const winner = isObject(entry.winner) && isText(entry.winner.name) ? { name: entry.winner.name, isYou: false, status: '', cancelReason: null } : null;
      const voidCause = entry.voidCause === 'REPLACED' || entry.voidCause === 'ADMIN' || entry.voidCause === 'INELIGIBLE' ? entry.voidCause : null;
      const verdict = await verifyDraw({
        status: entry.status as 'COMMITTED' | 'DRAWN' | 'VOID',
        commitment: entry.commitment,
        seed,
        drawInput: isText(entry.drawInput) ? entry.drawInput : null,
        eligible: entry.eligible,
        pickedIndex,
        winner,
        voidCause,
        month: month.month,
        year: month.year,
      });
      draws.push({
        month: month.month,
        year: month.year,
        status: entry.status,
        verdict,
        commitment: entry.commitment,
        seed,
        entrants: entry.eligible.length,
        winner: verdict === 'verified' && entry.status === 'DRAWN' && winner && pickedIndex !== null ? { name: winner.name, place: pickedIndex + 1 } : null,
      });
    }
  }
  return { plan: planName, group: groupNumber, draws, manualChoices };
}
