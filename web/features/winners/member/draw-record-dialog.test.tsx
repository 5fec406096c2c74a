import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../test/query-client.ts';
import { catchDownloads, fail, ok, stubGetRequests, type StubAnswer } from '../../../test/api-stub.ts';
import type { DrawRecord } from './api.ts';
import { DrawRecordDialog } from './draw-record-dialog.tsx';
import { DrawRecordButton } from './index.ts';
import { committedDraw, honestDraw, ineligibleDraw, makeDrawRecord, makeWinner, manualChoice, members, voidedDraw } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const DRAWS_PATH = '/api/committee-plans/user/groups/group-1/draws';
const group = { id: 'group-1', groupNumber: 'A1', planName: 'Gold Umrah Plan' };

// January: an honest draw whose winner was later cancelled, then a manual choice with a reason.
// February: a draw whose winner was changed after the fact. March: an honest draw won by the reader.
// April: committed, not drawn yet. May: a manual choice without a reason.
const january = honestDraw(2026, 1);
const cancelledJanuary = { ...january, winner: makeWinner({ name: january.winner?.name, status: 'CANCELLED', cancelReason: 'Did not pay March' }) };
const february = honestDraw(2026, 2);
const otherName = members.find((member) => member.name !== february.winner?.name)?.name ?? '';
const tamperedFebruary = { ...february, winner: makeWinner({ name: otherName }) };
const march = honestDraw(2026, 3);
const marchYours = { ...march, winner: makeWinner({ name: march.winner?.name, isYou: true }) };

const record: DrawRecord = makeDrawRecord([
  { month: 1, year: 2026, entries: [cancelledJanuary, manualChoice({ id: 'manual-jan', reason: 'Medical emergency in the family' })] },
  { month: 2, year: 2026, entries: [tamperedFebruary] },
  { month: 3, year: 2026, entries: [marchYours] },
  { month: 4, year: 2026, entries: [committedDraw(2026, 4)] },
  { month: 5, year: 2026, entries: [manualChoice({ id: 'manual-may', reason: null, winner: makeWinner({ name: 'Sana M.' }) })] },
]);

function renderDialog(answers: StubAnswer[] = [ok({ data: record })]) {
  let read = 0;
  const stub = stubGetRequests({ [DRAWS_PATH]: () => answers[Math.min(read++, answers.length - 1)] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DrawRecordDialog group={group} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  return stub;
}

const monthCard = (name: string) => screen.findByRole('article', { name });

describe('draw record dialog', () => {
  it('names the group and explains the rule in plain words', async () => {
    const { reads } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Draw record' });
    expect(within(dialog).getByText('Group A1 · Gold Umrah Plan')).toBeTruthy();
    expect(within(dialog).getByText(/^How the winner is drawn: before the draw the list of eligible members is frozen/)).toBeTruthy();
    await monthCard('March 2026');
    expect(reads.map((call) => call.path)).toEqual([DRAWS_PATH]);
  });

  it('lists the months newest first', async () => {
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Draws by month' });
    const headings = within(list).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['May 2026', 'April 2026', 'March 2026', 'February 2026', 'January 2026']);
  });

  it('verifies an honest draw in the browser and shows its commitment, seed, list, times and winner', async () => {
    renderDialog();
    const card = await monthCard('March 2026');
    expect(await within(card).findByText('Verified: the winner follows from the revealed number')).toBeTruthy();
    expect(within(card).getByText('Winner: You')).toBeTruthy();
    expect(within(card).getByText('Drawn by: administrator')).toBeTruthy();
    expect(within(card).getByText('Drawn')).toBeTruthy();
    expect(within(card).getByText('Committed at')).toBeTruthy();
    expect(within(card).getByText('Drawn at')).toBeTruthy();
    // The commitment shortened, and in full behind its expander.
    expect(within(card).getByText(`${march.commitment.slice(0, 8)}…${march.commitment.slice(-6)}`)).toBeTruthy();
    expect(within(card).getByText('Show the full commitment')).toBeTruthy();
    expect(within(card).getByText(march.commitment)).toBeTruthy();
    expect(within(card).getByText(march.seed ?? '')).toBeTruthy();
    const eligible = within(card).getByRole('list', { name: '3 eligible members' });
    const rows = within(eligible).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(
      march.eligible.map((member, index) => `Position ${member.position}${member.name}${index === march.pickedIndex ? 'Picked' : ''}Id:${member.userId}`),
    );
  });

  it('shows every input the rule hashes: the rule version, the seed, the exact text hashed, each id and the index picked', async () => {
    renderDialog();
    const card = await monthCard('March 2026');
    const draw = within(card).getByRole('region', { name: 'Draw' });
    const fact = (label: string) => within(draw).getByText(label).nextElementSibling;
    expect(fact('Rule version')?.textContent).toBe('1');
    expect(fact('Index picked')?.textContent).toBe(`${march.pickedIndex} (the list below counts from 0)`);
    // The revealed seed in full behind its expander, and the exact text hashed behind its own.
    expect(within(draw).getByText('Show the full number')).toBeTruthy();
    expect(within(draw).getByText(march.seed ?? '').tagName).toBe('CODE');
    expect(within(draw).getByText('Show the exact text the rule hashes').closest('details')).toBeTruthy();
    const hashed = within(draw).getByText(march.drawInput ?? '');
    expect(hashed.tagName).toBe('CODE');
    expect(hashed.className).toContain('break-all');
    // Each entrant's id, whole, in a form that wraps on a phone and is selected by one tap.
    for (const member of march.eligible) {
      const id = within(draw).getByText(member.userId);
      expect(id.tagName).toBe('CODE');
      expect(id.className).toContain('font-mono');
      expect(id.className).toContain('break-all');
      expect(id.className).toContain('select-all');
    }
  });

  it('says "Does not match" when the winner shown does not follow from the revealed number', async () => {
    renderDialog();
    const card = await monthCard('February 2026');
    expect(await within(card).findByText('Does not match')).toBeTruthy();
    expect(within(card).queryByText(/^Verified/)).toBeNull();
    expect(within(card).getByText(`Winner: ${otherName}`)).toBeTruthy();
  });

  it('says a committed draw is not drawn yet, with its commitment and no winner', async () => {
    renderDialog();
    const card = await monthCard('April 2026');
    expect(await within(card).findByText('Not drawn yet: the commitment is published')).toBeTruthy();
    expect(within(card).queryByText(/^Winner/)).toBeNull();
    expect(within(card).queryByText('Drawn by: administrator')).toBeNull();
    expect(within(card).getByText('Show the full commitment')).toBeTruthy();
    expect(within(card).queryByText('Show the full number')).toBeNull();
    expect(within(card).queryByText('Show the exact text the rule hashes')).toBeNull();
    // drawableAt 2026-04-02 05:00 UTC is 10:00 am in Pakistan.
    expect(within(card).getByText('Can be drawn from 2 Apr 2026, 10:00 am (Pakistan time)')).toBeTruthy();
  });

  it("shows a manual choice as the administrator's, with its reason or that none was given", async () => {
    renderDialog();
    const card = await monthCard('January 2026');
    const manual = within(card).getByRole('region', { name: 'Chosen by the administrator' });
    expect(within(manual).getByText('Reason: Medical emergency in the family')).toBeTruthy();
    expect(within(manual).getByText('Winner: Ayesha K.')).toBeTruthy();
    const may = await monthCard('May 2026');
    expect(within(may).getByText('Chosen by the administrator')).toBeTruthy();
    expect(within(may).getByText('No reason given')).toBeTruthy();
    expect(within(may).getByText('Winner: Sana M.')).toBeTruthy();
  });

  it('keeps a cancelled winner on the record, marked Cancelled with its reason', async () => {
    renderDialog();
    const card = await monthCard('January 2026');
    const draw = within(card).getByRole('region', { name: 'Draw' });
    expect(await within(draw).findByText('Verified: the winner follows from the revealed number')).toBeTruthy();
    expect(within(draw).getByText(`Winner: ${january.winner?.name}`)).toBeTruthy();
    expect(within(draw).getByText('Cancelled')).toBeTruthy();
    expect(within(draw).getByText('Reason: Did not pay March')).toBeTruthy();
  });

  it('says so when the group has no draws yet', async () => {
    renderDialog([ok({ data: makeDrawRecord([]) })]);
    expect(await screen.findByText('No draws yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Draws by month' })).toBeNull();
  });

  it('says when the record could not be read, and reads it again on Try Again', async () => {
    const user = userEvent.setup();
    const { reads } = renderDialog([fail(404, 'Group not found.'), ok({ data: record })]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The draw record could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await monthCard('March 2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads).toHaveLength(2);
  });

  it('shows a spinner while the record is read', async () => {
    renderDialog();
    expect(screen.getByText('Loading the draw record...')).toBeTruthy();
    await monthCard('March 2026');
  });
});

describe('draw record dialog, void draws', () => {
  const replaced = voidedDraw(2026, 6, 'REPLACED');
  const voided = voidedDraw(2026, 6, 'ADMIN', 'Two members had not been told of the draw');
  const ineligible = ineligibleDraw(2026, 6);
  const voids = makeDrawRecord([{ month: 6, year: 2026, entries: [replaced, voided, ineligible] }]);
  const draws = async () => {
    const card = await monthCard('June 2026');
    return within(card).getAllByRole('region', { name: 'Draw' });
  };

  it('says in words why each ended and when, with its seed revealed', async () => {
    renderDialog([ok({ data: voids })]);
    const [first, second, third] = await draws();
    expect(within(first).getByText('Replaced by a new commitment before the draw')).toBeTruthy();
    expect(within(second).getByText('Voided by the administrator: “Two members had not been told of the draw”')).toBeTruthy();
    expect(within(third).getByText('Void: the member picked was no longer eligible')).toBeTruthy();
    for (const [card, entry] of [
      [first, replaced],
      [second, voided],
      [third, ineligible],
    ] as const) {
      expect(within(card).getByText('Void')).toBeTruthy();
      // voidedAt, in Pakistan time.
      expect(within(card).getByText('Void since').nextElementSibling?.textContent).toBe(entry === ineligible ? '2 Jun 2026, 11:30 am' : '1 Jun 2026, 2:00 pm');
      expect(within(card).getByText(entry.seed ?? '')).toBeTruthy();
      expect(within(card).queryByText(/^Winner/)).toBeNull();
    }
    // Only the ineligible one picked someone: its index, and the member marked.
    expect(within(first).queryByText('Index picked')).toBeNull();
    expect(within(third).getByText('Index picked')).toBeTruthy();
    const rows = within(within(third).getByRole('list', { name: '3 eligible members' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).queryByText('Picked') !== null)).toEqual(ineligible.eligible.map((_, index) => index === ineligible.pickedIndex));
  });

  it('checks each in the browser: the commitment of a voided one, and the index of the ineligible one', async () => {
    renderDialog([ok({ data: voids })]);
    const [first, second, third] = await draws();
    expect(await within(first).findByText('Verified: the revealed number matches the commitment')).toBeTruthy();
    expect(await within(second).findByText('Verified: the revealed number matches the commitment')).toBeTruthy();
    expect(await within(third).findByText('Verified: the revealed number picked the member marked, who was no longer eligible')).toBeTruthy();
  });

  it('says "Does not match" when an ineligible void records another index than the rule picks', async () => {
    const tampered = { ...ineligible, pickedIndex: ((ineligible.pickedIndex ?? 0) + 1) % ineligible.eligible.length };
    renderDialog([ok({ data: makeDrawRecord([{ month: 6, year: 2026, entries: [tampered] }]) })]);
    const [card] = await draws();
    expect(await within(card).findByText('Does not match')).toBeTruthy();
  });
});

describe('draw record dialog, the record to keep', () => {
  it('downloads exactly the record it read, as draw-record-group-<number>.json', async () => {
    const user = userEvent.setup();
    const saved = catchDownloads();
    renderDialog();
    await monthCard('March 2026');
    await user.click(screen.getByRole('button', { name: 'Download the record (JSON)' }));
    expect(saved.map((file) => file.name)).toEqual(['draw-record-group-A1.json']);
    expect(saved[0].blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0].blob.text())).toEqual(record);
  });

  it('links to the check that needs no app, in a new tab', async () => {
    renderDialog();
    await monthCard('March 2026');
    const link = screen.getByRole('link', { name: 'Check it without this app (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/verify-draw.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('the Draw record button', () => {
  it('reads nothing until pressed, opens the record, and gives focus back on close', async () => {
    const user = userEvent.setup();
    const { reads } = stubGetRequests({ [DRAWS_PATH]: ok({ data: record }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DrawRecordButton group={group} />
      </QueryClientProvider>,
    );
    const open = screen.getByRole('button', { name: 'Draw record' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    expect(reads).toHaveLength(0);
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Draw record' });
    // Each draw is checked on its own (a hash each), so the two verdicts may appear a moment apart.
    await waitFor(() => expect(within(dialog).getAllByText('Verified: the winner follows from the revealed number')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});
