/**
 * The standalone verifier's check of a downloaded record: an honest draw made here with node:crypto by
 * the published rule (never by the product's code) checks out; any change to it does not; a committed
 * draw is not drawn yet; a file that is no record says so.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkRecord } from './check-record.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ids = ['6f1c2a4e-0000-4000-8000-000000000003', '0a9b8c7d-0000-4000-8000-000000000001', 'c3d4e5f6-0000-4000-8000-000000000002'].sort();
const names = ['Aisha K.', 'Bilal A.', 'Sana T.'];

function honestRecord(seed = 'ab'.repeat(32)) {
  const input = `${seed}|2026-03|${ids.join(',')}`;
  const index = Number(BigInt(`0x${sha256(input)}`) % BigInt(ids.length));
  const eligible = ids.map((userId, i) => ({ userId, name: names[i], position: i + 1 }));
  return {
    group: { id: 'g', groupNumber: '7', planName: 'Gold Umrah Plan', startDate: '2026-01-01' },
    months: [
      {
        month: 3,
        year: 2026,
        entries: [
          { method: 'DRAW', status: 'DRAWN', commitment: sha256(seed), seed, drawInput: input, eligible, pickedIndex: index, winner: { name: names[index], isYou: false, status: 'SELECTED', cancelReason: null } },
        ],
      },
      { month: 4, year: 2026, entries: [{ method: 'DRAW', status: 'COMMITTED', commitment: sha256('cd'.repeat(32)), seed: null, eligible, pickedIndex: null, winner: null }] },
      { month: 5, year: 2026, entries: [{ method: 'MANUAL', id: 'm', selectedAt: '', selectedBy: 'ADMIN', reason: null, winner: { name: 'Sana T.', isYou: false, status: 'SELECTED', cancelReason: null } }] },
    ],
    index,
  };
}

describe('checkRecord', () => {
  it('verifies an honest draw, names its winner and place, leaves a committed one as not drawn yet, and counts manual choices', async () => {
    const record = honestRecord();
    const checked = await checkRecord(JSON.parse(JSON.stringify(record)));
    expect(checked).toMatchObject({ plan: 'Gold Umrah Plan', group: '7', manualChoices: 1 });
    if (typeof checked === 'string') throw new Error(checked);
    expect(checked.draws.map((d) => [d.month, d.verdict])).toEqual([
      [3, 'verified'],
      [4, 'not-drawn-yet'],
    ]);
    expect(checked.draws[0].winner).toEqual({ name: names[record.index], place: record.index + 1 });
  });

  it('finds a changed seed, a changed commitment, a changed pick and a changed winner', async () => {
    const changes: ((entry: Record<string, unknown>) => void)[] = [
      (entry) => (entry.seed = 'ef'.repeat(32)),
      (entry) => (entry.commitment = sha256('another seed')),
      (entry) => (entry.pickedIndex = ((entry.pickedIndex as number) + 1) % ids.length),
      (entry) => ((entry.winner as { name: string }).name = 'Someone Else'),
    ];
    for (const change of changes) {
      const record = honestRecord();
      change(record.months[0].entries[0] as Record<string, unknown>);
      const checked = await checkRecord(JSON.parse(JSON.stringify(record)));
      if (typeof checked === 'string') throw new Error(checked);
      expect(checked.draws[0].verdict).toBe('mismatch');
      expect(checked.draws[0].winner).toBeNull();
    }
  });

  it('says when a file is not a draw record', async () => {
    for (const file of [null, [], { months: [] }, { group: { planName: 'x', groupNumber: '1' }, months: [{ month: 1, year: 2026, entries: [{ method: 'DRAW' }] }] }]) {
      expect(await checkRecord(file)).toBe('not-a-record');
    }
  });
});
