import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { phoneCodeSentAnswer, phoneConfirmedAnswer } from '../../../../contract/phone-confirmation.ts';
import { profileAnswer } from '../../../../contract/users.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { answerAs, fakeApi, on, type FakeAnswer } from '../../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { notificationListAnswerOf } from '../../../test/notification-fixtures.ts';

afterEach(() => setLanguage('en'));

const me = makeUser({ phone: '0300 1234567' });
const unconfirmed = { ...me, emailReminders: true, phoneConfirmed: false };
const confirmed = { ...unconfirmed, phoneConfirmed: true };
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const codeSent = (resendAt = inAMinute()) =>
  answerAs(phoneCodeSentAnswer, { success: true, code: 'phone.codeSent', message: 'We sent a 6-digit code to your phone.', data: { channel: 'sms', phone: '+923001234567', expiresAt: inAMinute(), resendAt } });
const refusal = (status: number, code: string, message: string, extra: object = {}): FakeAnswer => ({ status, body: { success: false, code, message, ...extra } });

/** The profile (as it is now), the notifications, and the two phone routes answering as each test says. */
function stubPhoneApi(options: { send?: () => FakeAnswer; confirm?: (code: string) => FakeAnswer; user?: typeof unconfirmed } = {}) {
  let current = options.user ?? unconfirmed;
  return fakeApi(
    on('GET', '/api/profile', () => answerAs(profileAnswer, { success: true, user: current, data: { user: current } })),
    on('GET', '/api/notifications', () => notificationListAnswerOf()),
    on('POST', '/api/profile/phone/confirmation', () => (options.send ?? (() => codeSent()))()),
    on('POST', '/api/profile/phone/confirm', (call) => {
      const answer = options.confirm?.((call.body as { code: string }).code);
      if (answer && (answer.status ?? 200) !== 200) return answer;
      current = confirmed;
      return answerAs(phoneConfirmedAnswer, { success: true, code: 'phone.confirmed', message: 'Your phone number is confirmed.', user: confirmed, data: { user: confirmed } });
    }),
  );
}

async function openDialog() {
  const user = userEvent.setup();
  renderRoute('/profile', fakeAuth({ user: me }));
  const card = await screen.findByRole('region', { name: 'Phone' });
  await user.click(await within(card).findByRole('button', { name: 'Confirm phone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your phone' });
  return { user, card, dialog };
}

describe('the phone on /profile', () => {
  it('sends a code, refuses a wrong one with the tries left, and confirms the phone with the right one', async () => {
    const calls = stubPhoneApi({ confirm: (code) => (code === '493817' ? { body: null } : refusal(400, 'phone.codeWrong', 'That code is not correct.', { errors: { code: 'That code is not correct.' }, triesLeft: 4 })) });
    const { user, card, dialog } = await openDialog();
    expect(within(card).getByText('Not confirmed')).toBeTruthy();
    expect(dialog.textContent).toContain('We will send a 6-digit code to 0300 1234567 by WhatsApp or SMS.');
    const send = within(dialog).getByRole('button', { name: 'Send code' });
    await waitFor(() => expect(document.activeElement).toBe(send));
    await user.click(send);

    const code = await within(dialog).findByLabelText('Code');
    expect(dialog.textContent).toContain('We sent a 6-digit code by SMS to +923001234567. It expires in 10 minutes.');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The minute before another code may be asked for.
    expect((within(dialog).getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.textContent).toMatch(/You can ask for a new code in \d+ seconds\./);

    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not correct. 4 tries left.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '493817');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your phone number is confirmed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('Confirmed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Confirm phone' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/profile/phone/confirmation', undefined],
      ['/api/profile/phone/confirm', { code: '111111' }],
      ['/api/profile/phone/confirm', { code: '493817' }],
    ]);
  });

  it('checks the code is 6 digits before sending it, and says when a code has no tries left', async () => {
    const calls = stubPhoneApi({ confirm: () => refusal(400, 'phone.codeWrong', 'That code is not correct.', { errors: { code: 'That code is not correct.' }, triesLeft: 0 }) });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const code = await within(dialog).findByLabelText('Code');
    await user.type(code, '12a4');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/profile/phone/confirm')).toBe(false);

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not correct, and it has no tries left. Ask for a new code.')).toBeTruthy();
  });

  it('says in words why a code could not be sent or checked, and keeps the dialog open', async () => {
    let sends = 0;
    stubPhoneApi({
      send: () => (++sends === 1 ? refusal(503, 'phone.sendFailed', 'The code could not be sent just now. Please try again in a few minutes.') : codeSent()),
      confirm: () => refusal(409, 'phone.codeExpired', 'This code has expired. Ask for a new one.'),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The code could not be sent just now. Please try again in a few minutes.');

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This code has expired. Ask for a new one.');
  });

  it('sends a new code once the wait is over', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const calls = stubPhoneApi({ send: () => codeSent(past) });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('No code yet? You can ask for a new one.')).toBeTruthy();
    const resend = within(dialog).getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    await user.click(resend);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/profile/phone/confirmation')).toHaveLength(2));
  });

  it('shows a confirmed phone with its badge and no button, and a profile without a phone says how to add one', async () => {
    stubPhoneApi({ user: confirmed });
    const { unmount } = renderRoute('/profile', fakeAuth({ user: me }));
    const card = await screen.findByRole('region', { name: 'Phone' });
    expect(await within(card).findByText('Confirmed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Confirm phone' })).toBeNull();
    unmount();

    stubPhoneApi({ user: { ...unconfirmed, phone: null } });
    renderRoute('/profile', fakeAuth({ user: { ...me, phone: null } }));
    const empty = await screen.findByRole('region', { name: 'Phone' });
    expect(await within(empty).findByText('No phone number yet. Add one with Edit Profile to get codes and messages by WhatsApp or SMS.')).toBeTruthy();
  });

  it('speaks Urdu', async () => {
    await setLanguage('ur');
    stubPhoneApi();
    const user = userEvent.setup();
    renderRoute('/profile', fakeAuth({ user: { ...me, language: 'ur' } }));
    const card = await screen.findByRole('region', { name: 'فون' });
    expect(await within(card).findByText('تصدیق نہیں ہوئی')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'فون کی تصدیق کریں' }));
    const dialog = await screen.findByRole('dialog', { name: 'اپنے فون کی تصدیق کریں' });
    await user.click(within(dialog).getByRole('button', { name: 'کوڈ بھیجیں' }));
    expect(await within(dialog).findByLabelText('کوڈ')).toBeTruthy();
    expect(dialog.textContent).toContain('ایس ایم ایس');
  });
});
