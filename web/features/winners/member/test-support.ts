/**
 * Test-only: draws built the way the server builds them, with node:crypto and the published rule
 * written out here (not taken from the app), so that the browser's check is tested against an
 * independent computation.
 */
import { createHash } from 'node:crypto';
import type { DrawEntry, DrawRecord, DrawWinner, ManualEntry } from './api.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const members = [
  { userId: 'c3f1a2b4-0000-4000-8000-000000000003', name: 'Bilal A.' },
  { userId: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Ayesha K.' },
  { userId: 'b2c3d4e5-0000-4000-8000-000000000002', name: 'Sana M.' },
];

/** The eligible members in the rule's order (ids sorted as text), with their positions. */
export function eligibleOf(list = members): DrawEntry['eligible'] {
  return [...list].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)).map((member, index) => ({ ...member, position: index + 1 }));
}

export function makeWinner(overrides: Partial<DrawWinner> = {}): DrawWinner {
  return { name: 'Ayesha K.', isYou: false, status: 'SELECTED', cancelReason: null, ...overrides };
}

/**
 * An honest draw of `year`-`month` among `list`: the commitment is SHA-256(seed); the index is
 * SHA-256("seed|YYYY-MM|sorted ids") mod the count; the winner is the member at that index.
 */
export function honestDraw(year: number, month: number, options: { seed?: string; list?: typeof members; id?: string } = {}): DrawEntry {
  const seed = options.seed ?? sha256(`seed ${year}-${month}`);
  const eligible = eligibleOf(options.list);
  const drawInput = `${seed}|${year}-${String(month).padStart(2, '0')}|${eligible.map((member) => member.userId).join(',')}`;
  const digest = sha256(drawInput);
  const pickedIndex = Number(BigInt(`0x${digest}`) % BigInt(eligible.length));
  return {
    method: 'DRAW',
    id: options.id ?? `draw-${year}-${month}`,
    status: 'DRAWN',
    committedAt: `${year}-${String(month).padStart(2, '0')}-01T05:00:00.000Z`,
    drawableAt: `${year}-${String(month).padStart(2, '0')}-02T05:00:00.000Z`,
    commitment: sha256(seed),
    ruleVersion: 1,
    eligible,
    seed,
    drawInput,
    drawnAt: `${year}-${String(month).padStart(2, '0')}-02T06:30:00.000Z`,
    drawnBy: 'ADMIN',
    pickedIndex,
    winner: makeWinner({ name: eligible[pickedIndex].name }),
    voidCause: null,
    voidReason: null,
    voidedAt: null,
  };
}

/** A draw committed and not drawn yet: the seed still secret. */
export function committedDraw(year: number, month: number): DrawEntry {
  const drawn = honestDraw(year, month, { id: `committed-${year}-${month}` });
  return { ...drawn, status: 'COMMITTED', seed: null, drawInput: null, drawnAt: null, pickedIndex: null, winner: null };
}

export function manualChoice(overrides: Partial<ManualEntry> = {}): ManualEntry {
  return { method: 'MANUAL', id: 'manual-1', selectedAt: '2026-01-03T07:00:00.000Z', selectedBy: 'ADMIN', reason: null, winner: makeWinner(), ...overrides };
}

export function makeDrawRecord(months: DrawRecord['months']): DrawRecord {
  return { group: { id: 'group-1', groupNumber: 'A1', planName: 'Gold Umrah Plan', startDate: '2026-01-01' }, months };
}

/** A committed draw that ended without a winner: replaced by a new commitment, or voided by the administrator with a reason; its seed revealed. */
export function voidedDraw(year: number, month: number, cause: 'REPLACED' | 'ADMIN', reason: string | null = null): DrawEntry {
  const honest = honestDraw(year, month, { id: `void-${cause}-${year}-${month}`, seed: sha256(`void ${cause} ${year}-${month}`) });
  return { ...honest, status: 'VOID', drawnAt: null, pickedIndex: null, winner: null, voidCause: cause, voidReason: reason, voidedAt: `${year}-${String(month).padStart(2, '0')}-01T09:00:00.000Z` };
}

/** A draw whose pick was no longer eligible when drawn: recorded void, with the index the rule picked and no winner. */
export function ineligibleDraw(year: number, month: number): DrawEntry {
  const honest = honestDraw(year, month, { id: `ineligible-${year}-${month}`, seed: sha256(`ineligible ${year}-${month}`) });
  return { ...honest, status: 'VOID', winner: null, voidCause: 'INELIGIBLE', voidReason: null, voidedAt: honest.drawnAt };
}
