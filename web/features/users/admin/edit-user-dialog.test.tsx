import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sentMessagesAnswer } from '../../../../contract/messaging.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { answerAs, stubGetRequests } from '../../../test/api-stub.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { makeAdminUser, renderWithAdmin } from './test-support.tsx';

afterEach(() => vi.restoreAllMocks());

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('Edit User (admin document §5)', () => {
  it("starts from the user's details", async () => {
    renderWithAdmin(<EditUserDialog user={makeAdminUser()} onOpenChange={() => {}} onSave={async () => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(field(dialog, 'Full Name').value).toBe('Ayesha Khan');
    expect(field(dialog, 'Email Address').value).toBe('ayesha@example.com');
    expect(field(dialog, 'Phone Number').value).toBe('0300-1234567');
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('USER');
  });

  it('requires a name and an email, and saves nothing without them', async () => {
    const onSave = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithAdmin(<EditUserDialog user={makeAdminUser()} onOpenChange={() => {}} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });

    await user.clear(field(dialog, 'Full Name'));
    await user.clear(field(dialog, 'Email Address'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Please enter your full name.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your email address.')).toBeTruthy();
    expect(field(dialog, 'Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an invalid email or phone, and leaves the phone optional', async () => {
    const onSave = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithAdmin(<EditUserDialog user={makeAdminUser()} onOpenChange={() => {}} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });

    await user.clear(field(dialog, 'Email Address'));
    await user.type(field(dialog, 'Email Address'), 'not-an-email');
    await user.clear(field(dialog, 'Phone Number'));
    await user.type(field(dialog, 'Phone Number'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid phone number.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(field(dialog, 'Email Address'));
    await user.type(field(dialog, 'Email Address'), '  Ayesha.K@Example.com ');
    await user.clear(field(dialog, 'Phone Number'));
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // The same schema as the server's: the email trimmed and lowercased, an empty phone left out.
    expect(onSave.mock.calls[0]).toEqual([expect.objectContaining({ id: 'user-7' }), { name: 'Ayesha Khan', email: 'ayesha.k@example.com', phone: undefined, role: 'ADMIN' }]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError({ kind: 'http', status: 409, message: 'The last active administrator cannot be demoted.', hasServerMessage: true });
    renderWithAdmin(
      <EditUserDialog
        user={makeAdminUser({ role: 'ADMIN' })}
        onOpenChange={() => {}}
        onSave={async () => {
          throw refusal;
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'USER');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The last active administrator cannot be demoted.');
  });

  it('puts an email already in use next to the email field', async () => {
    const user = userEvent.setup();
    const taken = new ApiError({ kind: 'http', status: 409, message: 'An account with this email already exists.', hasServerMessage: true });
    renderWithAdmin(
      <EditUserDialog
        user={makeAdminUser()}
        onOpenChange={() => {}}
        onSave={async () => {
          throw taken;
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('An account with this email already exists.')).toBeTruthy();
    expect(field(dialog, 'Email Address').getAttribute('aria-invalid')).toBe('true');
  });
});

describe("the user's messages in Edit User", () => {
  it('lists the newest messages by push, WhatsApp and SMS with their state, attempts and last error', async () => {
    const messages = [
      { id: 'm2', kind: 'receipt', channel: 'push', status: 'GONE', attempts: 1, createdAt: '2026-03-02T08:00:00.000Z', sentAt: null, lastError: 'push service answered 410' },
      { id: 'm1', kind: 'reminder', channel: 'push', status: 'SENT', attempts: 2, createdAt: '2026-03-01T08:00:00.000Z', sentAt: '2026-03-01T08:01:00.000Z', lastError: null },
    ] as const;
    const { reads } = stubGetRequests({
      '/api/admin/users/user-7/messages': answerAs(sentMessagesAnswer, { success: true, data: { messages: [...messages], pagination: { page: 1, limit: 10, total: 12, pages: 2, exact: true } } }),
    });
    renderWithAdmin(<EditUserDialog user={makeAdminUser()} onOpenChange={() => {}} onSave={async () => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const list = await within(dialog).findByRole('region', { name: 'Messages sent' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual(['Receipt · Push · Device gone', 'Reminder · Push · Sent']);
    expect(items[0].textContent).toContain('Last error: push service answered 410');
    expect(items[1].textContent).toContain('2 attempts');
    expect(within(list).getByText('The newest 2 of 12.')).toBeTruthy();
    expect(reads[0].search.get('limit')).toBe('10');
  });
});
