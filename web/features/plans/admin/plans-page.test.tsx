import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCommitteePlansPage } from './plans-page.tsx';
import { fakeApi, on } from '../../../test/api-stub.ts';
import { makePlan, planAnswerOf, planListAnswerOf, renderWithProviders } from '../../../test/catalog-fixtures.tsx';

afterEach(() => vi.restoreAllMocks());

const listPlans = (plans: ReturnType<typeof makePlan>[]) => on('GET', '/api/committee-plans', () => planListAnswerOf(plans, 100));
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('Committee Plans page', () => {
  it('counts the plans, caps the benefits on a card and falls back to Standard Package', async () => {
    fakeApi(
      listPlans([
        makePlan({ id: 'a', name: 'Umrah Economy', benefits: ['Visa', 'Hotel', 'Flights', 'Ziyarat', 'Transport', 'Meals'] }),
        makePlan({ id: 'b', name: 'Umrah Premium', packageType: '', isActive: false, benefits: ['Visa'] }),
      ]),
    );
    renderWithProviders(<AdminCommitteePlansPage />);

    const economy = await screen.findByRole('article', { name: 'Umrah Economy' });
    expect(within(economy).getByText('+2 more benefits')).toBeTruthy();
    expect(within(economy).getByText('Ziyarat')).toBeTruthy();
    expect(within(economy).queryByText('Transport')).toBeNull();
    expect(within(economy).getByText('Economy Package')).toBeTruthy();
    expect(within(economy).getByText('PKR 5,000')).toBeTruthy();
    expect(within(economy).getByText('PKR 150,000')).toBeTruthy();

    const premium = screen.getByRole('article', { name: 'Umrah Premium' });
    expect(within(premium).getByText('Standard Package')).toBeTruthy();
    expect(within(premium).getByText('Inactive')).toBeTruthy();
    expect(within(premium).queryByText(/more benefits/)).toBeNull();

    const counter = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
    expect(counter('Total')).toBe('2');
    expect(counter('Active')).toBe('1');
    expect(counter('Inactive')).toBe('1');
    expect(counter('Showing')).toBe('2');
  });

  it('says the plans could not be loaded when the answer is not in the shape the server promises', async () => {
    // The plans without their paging: an answer the contract does not name (another version of the server, something in between).
    fakeApi(on('GET', '/api/committee-plans', () => ({ body: { success: true, data: { plans: [makePlan()] } } })));
    renderWithProviders(<AdminCommitteePlansPage />);
    expect(await screen.findByText('Failed to load committee plans')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Umrah Economy' })).toBeNull();
  });

  it("says 'No plans found' when the search matches nothing, 'No Committee Plans' when there are none", async () => {
    const user = userEvent.setup();
    fakeApi(listPlans([makePlan()]));
    const { unmount } = renderWithProviders(<AdminCommitteePlansPage />);
    await screen.findByRole('article', { name: 'Umrah Economy' });
    await user.type(screen.getByLabelText('Search plans'), 'madinah');
    expect(screen.getByRole('article', { name: 'Umrah Economy' })).toBeTruthy(); // Found by its description.
    await user.clear(screen.getByLabelText('Search plans'));
    await user.type(screen.getByLabelText('Search plans'), 'luxury');
    expect(screen.getByRole('heading', { name: 'No plans found' })).toBeTruthy();
    unmount();

    vi.restoreAllMocks();
    fakeApi(listPlans([]));
    renderWithProviders(<AdminCommitteePlansPage />);
    expect(await screen.findByRole('heading', { name: 'No Committee Plans' })).toBeTruthy();
  });

  it('recalculates the total from monthly and duration, and the monthly amount from the total', async () => {
    const user = userEvent.setup();
    fakeApi(listPlans([]));
    renderWithProviders(<AdminCommitteePlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Committee Plan' });
    expect(dialog).toBeTruthy();

    // The defaults (admin document §9).
    expect(field('Monthly Amount (PKR)').value).toBe('5000');
    expect(field('Duration (months)').value).toBe('30');
    expect(field('Total Amount (PKR)').value).toBe('150000');
    expect(field('Max Members').value).toBe('200');
    expect((screen.getByLabelText('Package Type') as HTMLSelectElement).value).toBe('economy');

    await user.clear(field('Monthly Amount (PKR)'));
    await user.type(field('Monthly Amount (PKR)'), '6000');
    expect(field('Total Amount (PKR)').value).toBe('180000');

    await user.clear(field('Duration (months)'));
    await user.type(field('Duration (months)'), '12');
    expect(field('Total Amount (PKR)').value).toBe('72000');

    await user.clear(field('Total Amount (PKR)'));
    await user.type(field('Total Amount (PKR)'), '100000');
    expect(field('Monthly Amount (PKR)').value).toBe('8333.33');
  });

  it('keeps one benefit row, drops empty ones and creates the plan', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listPlans([]),
      on('POST', '/api/committee-plans', (call) => planAnswerOf({ ...makePlan(), ...(call.body as object) }, 'created')),
    );
    renderWithProviders(<AdminCommitteePlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Create Plan' }));
    await screen.findByRole('dialog', { name: 'Create Committee Plan' });

    // One row, which cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove benefit row 1' })).toBeNull();
    await user.type(field('Benefit 1'), 'Return air ticket');
    await user.click(screen.getByRole('button', { name: 'Add Benefit' }));
    await user.click(screen.getByRole('button', { name: 'Add Benefit' }));
    await user.type(field('Benefit 3'), 'Visa processing');
    expect(screen.getByRole('button', { name: 'Remove benefit row 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Benefit' }));
    await user.click(screen.getByRole('button', { name: 'Remove benefit row 4' }));
    expect(screen.queryByLabelText('Benefit 4')).toBeNull();

    await user.type(field('Plan Name'), 'Umrah Gold');
    await user.click(screen.getByRole('button', { name: 'Save Plan' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'Umrah Gold',
      packageType: 'economy',
      monthlyAmount: 5000,
      duration: 30,
      totalAmount: 150000,
      maxMembers: 200,
      benefits: ['Return air ticket', 'Visa processing'],
      isActive: true,
    });
    expect(await screen.findByText('Committee plan created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the plan name error next to the field and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(listPlans([]));
    renderWithProviders(<AdminCommitteePlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Create Plan' }));
    await screen.findByRole('dialog', { name: 'Create Committee Plan' });
    await user.click(screen.getByRole('button', { name: 'Save Plan' }));
    const error = await screen.findByText('Plan name is required.');
    expect(field('Plan Name').getAttribute('aria-describedby')).toContain(error.id);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's reason when a plan cannot be deleted", async () => {
    const user = userEvent.setup();
    fakeApi(
      listPlans([makePlan()]),
      on('DELETE', '/api/committee-plans/plan-1', () => ({
        status: 409,
        body: { success: false, message: 'This plan has groups or payments and cannot be deleted. Deactivate it instead.' },
      })),
    );
    renderWithProviders(<AdminCommitteePlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Umrah Economy' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    expect(await screen.findByText('This plan has groups or payments and cannot be deleted. Deactivate it instead.')).toBeTruthy();
  });
});
