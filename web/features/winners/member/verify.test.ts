import { describe, expect, it } from 'vitest';
import { verifyDraw } from './verify.ts';
import { committedDraw, honestDraw, ineligibleDraw, members, voidedDraw } from './test-support.ts';

const period = { year: 2026, month: 3 };
const draw = () => ({ ...honestDraw(period.year, period.month), ...period });

describe('verifyDraw (the published rule, checked with Web Crypto)', () => {
  it('verifies an honest draw built with node:crypto', async () => {
    expect(await verifyDraw(draw())).toBe('verified');
  });

  it('verifies honest draws whatever member the rule picks', async () => {
    for (let month = 1; month <= 12; month += 1) {
      expect(await verifyDraw({ ...honestDraw(2026, month), year: 2026, month })).toBe('verified');
    }
  });

  it('says a committed draw is not drawn yet', async () => {
    expect(await verifyDraw({ ...committedDraw(2026, 3), ...period })).toBe('not-drawn-yet');
  });

  it('does not verify a changed seed (the commitment no longer matches)', async () => {
    const honest = draw();
    const seed = `${honest.seed?.slice(0, -1)}${honest.seed?.endsWith('0') ? '1' : '0'}`;
    expect(await verifyDraw({ ...honest, seed })).toBe('mismatch');
  });

  it('does not verify a changed commitment', async () => {
    expect(await verifyDraw({ ...draw(), commitment: '0'.repeat(64) })).toBe('mismatch');
  });

  it('does not verify a changed list (a member added or left out)', async () => {
    const honest = draw();
    const extra = { userId: 'd4e5f6a7-0000-4000-8000-000000000004', name: 'Zara Q.', position: 4 };
    expect(await verifyDraw({ ...honest, eligible: [...honest.eligible, extra] })).toBe('mismatch');
    expect(await verifyDraw({ ...honest, eligible: honest.eligible.filter((member) => member.name === honest.winner?.name) })).toBe('mismatch');
  });

  it('does not verify a changed winner or a changed pick', async () => {
    const honest = draw();
    const other = members.find((member) => member.name !== honest.winner?.name)?.name ?? '';
    expect(await verifyDraw({ ...honest, winner: honest.winner && { ...honest.winner, name: other } })).toBe('mismatch');
    expect(await verifyDraw({ ...honest, pickedIndex: ((honest.pickedIndex ?? 0) + 1) % honest.eligible.length })).toBe('mismatch');
  });

  it('does not verify the same draw read for another month', async () => {
    const honest = draw();
    // Some other month picks another index; the seed and list are the same.
    const others = await Promise.all([1, 2, 4, 5, 6, 7].map((month) => verifyDraw({ ...honest, month })));
    expect(others).toContain('mismatch');
  });

  it('does not verify a drawn draw without its seed or winner', async () => {
    expect(await verifyDraw({ ...draw(), seed: null })).toBe('mismatch');
    expect(await verifyDraw({ ...draw(), winner: null })).toBe('mismatch');
  });

  it('does not verify a hashed text that is not the rule\'s text for the seed, the month and the list', async () => {
    const honest = draw();
    expect(await verifyDraw({ ...honest, drawInput: `${honest.drawInput} ` })).toBe('mismatch');
    expect(await verifyDraw({ ...honest, drawInput: honest.drawInput?.replace('|2026-03|', '|2026-04|') ?? null })).toBe('mismatch');
  });
});

describe('verifyDraw of void draws', () => {
  it('verifies a replaced draw and one voided by the administrator on their commitment alone', async () => {
    expect(await verifyDraw({ ...voidedDraw(2026, 3, 'REPLACED'), ...period })).toBe('verified');
    expect(await verifyDraw({ ...voidedDraw(2026, 3, 'ADMIN', 'Two members asked for more time'), ...period })).toBe('verified');
  });

  it('does not verify a void draw whose seed does not match its commitment, or that shows no seed', async () => {
    const voided = { ...voidedDraw(2026, 3, 'ADMIN', 'Wrong month'), ...period };
    expect(await verifyDraw({ ...voided, commitment: '0'.repeat(64) })).toBe('mismatch');
    expect(await verifyDraw({ ...voided, seed: null, drawInput: null })).toBe('mismatch');
  });

  it('verifies a draw void because its pick was no longer eligible: the rule picks the index recorded', async () => {
    const ineligible = { ...ineligibleDraw(2026, 3), ...period };
    expect(ineligible.pickedIndex).not.toBeNull();
    expect(await verifyDraw(ineligible)).toBe('verified');
  });

  it('does not verify an ineligible void with another index, or with a winner', async () => {
    const ineligible = { ...ineligibleDraw(2026, 3), ...period };
    expect(await verifyDraw({ ...ineligible, pickedIndex: ((ineligible.pickedIndex ?? 0) + 1) % ineligible.eligible.length })).toBe('mismatch');
    expect(await verifyDraw({ ...ineligible, pickedIndex: null })).toBe('mismatch');
    expect(await verifyDraw({ ...ineligible, winner: { name: members[0].name, isYou: false, status: 'SELECTED', cancelReason: null } })).toBe('mismatch');
  });
});
