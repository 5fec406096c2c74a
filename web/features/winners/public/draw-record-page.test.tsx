import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { winnerMessages } from '../../../../contract/winners.ts';
import { catchDownloads, ok, stubGetRequests } from '../../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { committedDraw, honestDraw, makeDrawRecord, voidedDraw } from '../member/test-support.ts';

afterEach(() => vi.restoreAllMocks());

const TOKEN = 'Xy3_published-token-of-43-characters-long00';
const PATH = `/api/public/draw-records/${TOKEN}`;
const march = honestDraw(2026, 3);
const record = makeDrawRecord([
  { month: 3, year: 2026, entries: [voidedDraw(2026, 3, 'ADMIN', 'The list missed a member'), march] },
  { month: 4, year: 2026, entries: [committedDraw(2026, 4)] },
]);

describe('/draws/:token, a published draw record', () => {
  it('opens without signing in: the group, the record with short names and ids, each draw checked, and its title', async () => {
    const { reads } = stubGetRequests({ [PATH]: ok({ data: record }) });
    renderRoute(`/draws/${TOKEN}`, fakeAuth());
    expect(await screen.findByRole('heading', { level: 1, name: 'Draw record of Group A1' })).toBeTruthy();
    expect(screen.getByText('Gold Umrah Plan')).toBeTruthy();
    expect(screen.getByText(/^The committee's administrator published this record\. Anyone with this link can see it, with members' names shortened\./)).toBeTruthy();
    expect(document.title).toBe('Draw record of Group A1, Gold Umrah Plan | Umrah Committee');
    expect(reads.map((call) => call.path)).toEqual([PATH]);

    // Months under the page's title: the record's own headings start at level 2.
    expect(screen.getByRole('heading', { level: 2, name: 'Draws by month' })).toBeTruthy();
    const marchCard = screen.getByRole('article', { name: 'March 2026' });
    const [voided, drawn] = within(marchCard).getAllByRole('region', { name: 'Draw' });
    expect(within(voided).getByText('Voided by the administrator: “The list missed a member”')).toBeTruthy();
    expect(await within(drawn).findByText('Verified: the winner follows from the revealed number')).toBeTruthy();
    for (const member of march.eligible) {
      expect(within(drawn).getByText(member.name)).toBeTruthy();
      expect(within(drawn).getByText(member.userId)).toBeTruthy();
    }
    const april = screen.getByRole('article', { name: 'April 2026' });
    expect(within(april).getByText('Can be drawn from 2 Apr 2026, 10:00 am (Pakistan time)')).toBeTruthy();
    // The language and the theme can be changed here too.
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('opens for a signed-in member too, without sending them elsewhere', async () => {
    stubGetRequests({ [PATH]: ok({ data: record }) });
    const { router } = renderRoute(`/draws/${TOKEN}`, fakeAuth({ user: makeUser() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Draw record of Group A1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/draws/${TOKEN}`);
  });

  it('saves exactly the record it read, and links to the check that needs no app', async () => {
    const user = userEvent.setup();
    stubGetRequests({ [PATH]: ok({ data: record }) });
    const saved = catchDownloads();
    renderRoute(`/draws/${TOKEN}`, fakeAuth());
    await user.click(await screen.findByRole('button', { name: 'Download the record (JSON)' }));
    expect(saved.map((file) => file.name)).toEqual(['draw-record-group-A1.json']);
    expect(JSON.parse(await saved[0].blob.text())).toEqual(record);
    const link = screen.getByRole('link', { name: 'Check it without this app (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/verify-draw.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('says in the server\'s words when the link does not open a record (never published, or revoked), not the error page', async () => {
    stubGetRequests({ [PATH]: { status: 404, body: { success: false, code: 'winner.linkNotFound', message: winnerMessages.linkNotFound } } });
    renderRoute(`/draws/${TOKEN}`, fakeAuth());
    expect((await screen.findByRole('alert')).textContent).toContain(winnerMessages.linkNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Draw record' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download the record (JSON)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Draw record | Umrah Committee');
  });

  it('offers to try again when the record could not be read for another reason', async () => {
    const user = userEvent.setup();
    let answer = 0;
    stubGetRequests({ [PATH]: () => (answer++ === 0 ? { status: 429, body: { success: false, message: 'Too many requests' } } : ok({ data: record })) });
    renderRoute(`/draws/${TOKEN}`, fakeAuth());
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    expect(screen.getByText('The draw record could not be loaded.')).toBeTruthy();
    await user.click(retry);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Draw record of Group A1' })).toBeTruthy());
  });
});
