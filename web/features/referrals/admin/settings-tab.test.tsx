import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { createQueryClient } from '../../../test/query-client.ts';
import { SettingsTab } from './settings-tab.tsx';
import { fail, fakeApi, ok, on, stubGetRequests } from '../../../test/api-stub.ts';
import { commissionRulesAnswerOf, rulesUpdatedAnswerOf } from './test-support.ts';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in a module-wide store: one test's must not be read by the next.
  toast.dismiss();
});

const rulesInForce = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 };

function renderSettings() {
  const stub = stubGetRequests({ '/api/referrals/commission-rules': commissionRulesAnswerOf(rulesInForce) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return stub;
}

async function setField(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

const preview = () => screen.getByRole('table', { name: 'Preview on a payment of PKR 1,000' });

describe('Settings: the commission rules', () => {
  it('shows the rules in force, each rate also as a percentage, inputs in steps of 0.01', async () => {
    renderSettings();
    const level1 = (await screen.findByLabelText('Level 1 rate')) as HTMLInputElement;
    expect(level1.value).toBe('0.1');
    for (const label of ['Level 1 rate', 'Level 2 rate', 'Level 3 rate']) {
      expect(screen.getByLabelText(label).getAttribute('step')).toBe('0.01');
    }
    expect(screen.getByText('= 10.0%')).toBeTruthy();
    expect(screen.getByText('= 5.0%')).toBeTruthy();
    expect(screen.getByText('= 2.0%')).toBeTruthy();
    // The percentage is read with the field.
    const described = level1.getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('= 10.0%');
    expect((screen.getByLabelText('Minimum commission (PKR)') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Maximum commission (PKR)') as HTMLInputElement).value).toBe('1000');
  });

  it("states that commissions come from the operator's own funds and explains the single-level scheme", async () => {
    renderSettings();
    expect(await screen.findByText(/Commissions are paid from the operator's own funds.*never taken from members' savings/)).toBeTruthy();
    expect(screen.getByText(/level 2 and level 3 rates to 0 runs a single-level scheme/)).toBeTruthy();
    expect(screen.getByText(/Several scholars accept a direct referral fee but not commission on a referral's referral/)).toBeTruthy();
  });

  it('previews a payment of PKR 1,000 live, and warns above 20 percent', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByLabelText('Level 1 rate');
    const total = () => within(preview()).getByRole('row', { name: /^Total/ });
    expect(total().textContent).toContain('17.0%');
    expect(total().textContent).toContain('PKR 170');
    expect(screen.queryByText(/take more than 20.0% of each payment/)).toBeNull();

    await setField(user, 'Level 1 rate', '0.2');
    expect(screen.getByText('= 20.0%')).toBeTruthy();
    expect(within(preview()).getByRole('row', { name: /^Level 1/ }).textContent).toContain('PKR 200');
    expect(total().textContent).toContain('PKR 270');
    expect(total().textContent).toContain('27.0%');
    expect(screen.getByText(/Together the levels take more than 20.0% of each payment/)).toBeTruthy();

    await setField(user, 'Level 1 rate', '0.13');
    expect(total().textContent).toContain('PKR 200');
    expect(screen.queryByText(/take more than 20.0% of each payment/)).toBeNull();
  });

  it("shows each rule's message and 'Validation Error', and sends nothing", async () => {
    const user = userEvent.setup();
    const { refused } = renderSettings();
    await screen.findByLabelText('Level 1 rate');

    await setField(user, 'Level 1 rate', '1.5');
    await setField(user, 'Level 2 rate', '');
    await setField(user, 'Level 3 rate', '-0.1');
    await setField(user, 'Minimum commission (PKR)', '-5');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));

    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(screen.getByText('Please fix the errors before saving')).toBeTruthy();
    expect(screen.getByText('Level 1 rate must be between 0 and 1')).toBeTruthy();
    expect(screen.getByText('Level 2 rate must be between 0 and 1')).toBeTruthy();
    expect(screen.getByText('Level 3 rate must be between 0 and 1')).toBeTruthy();
    expect(screen.getByText('Minimum commission cannot be negative')).toBeTruthy();
    expect(screen.getByLabelText('Level 1 rate').getAttribute('aria-invalid')).toBe('true');
    expect(refused).toHaveLength(0);
  });

  it('says level 1 should be the highest and the maximum must be above the minimum', async () => {
    const user = userEvent.setup();
    const { refused } = renderSettings();
    await screen.findByLabelText('Level 1 rate');

    await setField(user, 'Level 1 rate', '0.05');
    await setField(user, 'Level 2 rate', '0.1');
    await setField(user, 'Minimum commission (PKR)', '100');
    await setField(user, 'Maximum commission (PKR)', '100');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));

    expect(await screen.findByText('Level 1 rate should be the highest')).toBeTruthy();
    expect(screen.getByText('Maximum commission must be greater than minimum')).toBeTruthy();
    expect(screen.getByText('Validation Error')).toBeTruthy();
    expect(refused).toHaveLength(0);

    // Fixed, the message goes as the field changes.
    await setField(user, 'Maximum commission (PKR)', '500');
    await waitFor(() => expect(screen.queryByText('Maximum commission must be greater than minimum')).toBeNull());
  });

  it('sends the five rules as numbers when they are valid', async () => {
    const user = userEvent.setup();
    const { refused } = renderSettings();
    await screen.findByLabelText('Level 1 rate');
    await setField(user, 'Level 1 rate', '0.12');
    await setField(user, 'Maximum commission (PKR)', '750.5');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));

    await waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0]).toMatchObject({
      method: 'PUT',
      path: '/api/referrals/commission-rules',
      body: { level1Rate: 0.12, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 750.5 },
    });
    // This stub refuses every write: the screen says saving failed.
    expect(await screen.findByText('Failed to update commission rules')).toBeTruthy();
  });

  it("'Use a single level' sets levels 2 and 3 to 0", async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByLabelText('Level 1 rate');
    await user.click(screen.getByRole('button', { name: 'Use a single level' }));
    expect((screen.getByLabelText('Level 2 rate') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Level 3 rate') as HTMLInputElement).value).toBe('0');
    expect(within(preview()).getByRole('row', { name: /^Total/ }).textContent).toContain('PKR 100');
  });

  it('saves the rules, says so, and shows them as the server has them now', async () => {
    const saved = { ...rulesInForce, level1Rate: 0.12 };
    const calls = fakeApi(on('GET', '/api/referrals/commission-rules', () => commissionRulesAnswerOf(rulesInForce)), on('PUT', '/api/referrals/commission-rules', () => rulesUpdatedAnswerOf(saved)));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsTab />
        <Toaster />
      </QueryClientProvider>,
    );
    await screen.findByLabelText('Level 1 rate');
    await setField(user, 'Level 1 rate', '0.12');
    await user.click(screen.getByRole('button', { name: 'Save Rules' }));
    expect(await screen.findByText('Commission rules updated successfully')).toBeTruthy();
    expect((screen.getByLabelText('Level 1 rate') as HTMLInputElement).value).toBe('0.12');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([saved]);
  });

  it("says 'Failed to load commission rules' when the answer is not in the shape the server promises", async () => {
    // The rules under data only: an answer the contract does not name.
    stubGetRequests({ '/api/referrals/commission-rules': ok({ data: { rules: rulesInForce } }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsTab />
        <Toaster />
      </QueryClientProvider>,
    );
    expect((await screen.findAllByText('Failed to load commission rules')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Level 1 rate')).toBeNull();
  });

  it("says 'Failed to load commission rules' when they cannot be read", async () => {
    stubGetRequests({ '/api/referrals/commission-rules': fail(403, 'Access denied.') });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsTab />
        <Toaster />
      </QueryClientProvider>,
    );
    expect((await screen.findAllByText('Failed to load commission rules')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
