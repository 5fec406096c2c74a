import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageChannelsAnswer, messageChannelsSavedAnswer, pushKeyAnswer, pushSubscribedAnswer, type MessageChannels } from '../../../../contract/messaging.ts';
import { answerAs, fakeApi, on, screenWidth } from '../../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const me = makeUser();
const kinds = ['reminder', 'receipt', 'winner', 'draw', 'security'] as const;
const pushOnly = Object.fromEntries(kinds.map((kind) => [kind, { push: true, whatsapp: false, sms: false }])) as MessageChannels['choices'];
const channels = (overrides: Partial<MessageChannels> = {}): MessageChannels => ({
  choices: pushOnly,
  emailReminders: true,
  availability: { pushConfigured: true, devices: 0, phoneConfirmed: false, whatsappConfigured: false, smsConfigured: false },
  ...overrides,
});

/** The profile page's reads, and the message channels as the server keeps them; a PUT answers what it saved unless refused. */
function serve(initial: MessageChannels, refuse?: { status: number; body: unknown }) {
  let current = initial;
  return fakeApi(
    on('GET', '/api/profile', () => ({ body: { success: true, user: me, data: { user: me } } })),
    on('GET', '/api/profile/message-channels', () => answerAs(messageChannelsAnswer, { success: true, data: current })),
    on('PUT', '/api/profile/message-channels', (call) => {
      if (refuse) return refuse;
      current = { ...current, ...(call.body as Pick<MessageChannels, 'choices' | 'emailReminders'>) };
      return answerAs(messageChannelsSavedAnswer, { success: true, code: 'messaging.choicesSaved', message: 'Your message choices were saved.', data: current });
    }),
    on('GET', '/api/push/key', () => answerAs(pushKeyAnswer, { success: true, data: { publicKey: 'BAAA' } })),
    on('POST', '/api/push/subscriptions', () => answerAs(pushSubscribedAnswer, { success: true, code: 'messaging.deviceSubscribed', message: 'This device will receive notifications.', data: { devices: 1 } }, 201)),
  );
}

async function messagesRegion() {
  return screen.findByRole('region', { name: 'Messages' });
}

describe('the Messages card', () => {
  it('shows a table of kinds and channels on a wide screen, each switch labelled; WhatsApp and SMS wait for a provider', async () => {
    screenWidth(1024);
    serve(channels());
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    const table = await within(region).findByRole('table', { name: 'Channels for each kind of message' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Message', 'Email', 'Push', 'WhatsApp', 'SMS']);
    expect((within(table).getByRole('switch', { name: 'Payment reminders by Email' }) as HTMLInputElement).checked).toBe(true);
    expect((within(table).getByRole('switch', { name: 'Security notices by Push' }) as HTMLInputElement).checked).toBe(true);
    expect((within(table).getByRole('switch', { name: 'Draw announced by SMS' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(table).queryByRole('switch', { name: 'Security notices by Email' })).toBeNull();
    expect(within(region).getByText('WhatsApp and SMS are not offered yet.')).toBeTruthy();
    expect(within(region).getByText('No device is subscribed yet: push starts once you turn on notifications on a device.')).toBeTruthy();
  });

  it('lists each kind with its switches on a phone', async () => {
    screenWidth(390);
    serve(channels({ availability: { pushConfigured: true, devices: 2, phoneConfirmed: false, whatsappConfigured: true, smsConfigured: true } }));
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    expect(await within(region).findByRole('heading', { name: "The month's winner", level: 3 })).toBeTruthy();
    expect(within(region).queryByRole('table')).toBeNull();
    expect(within(region).getAllByRole('switch', { name: /by Push$/ })).toHaveLength(5);
    expect(within(region).getByText('Push goes to 2 devices.')).toBeTruthy();
    expect(within(region).getByText('WhatsApp and SMS need a confirmed phone number.')).toBeTruthy();
  });

  it('saves the whole table when one switch changes, by keyboard too', async () => {
    screenWidth(1024);
    const calls = serve(channels());
    const user = userEvent.setup();
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    const receiptPush = await within(region).findByRole('switch', { name: 'Receipt approved or refused by Push' });
    receiptPush.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ choices: { ...pushOnly, receipt: { push: false, whatsapp: false, sms: false } }, emailReminders: true });
    expect(await screen.findByText('Your message choices were saved.')).toBeTruthy();
    await waitFor(() => expect((within(region).getByRole('switch', { name: 'Receipt approved or refused by Push' }) as HTMLInputElement).checked).toBe(false));

    await user.click(within(region).getByRole('switch', { name: 'Payment reminders by Email' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1].body).toMatchObject({ emailReminders: false });
  });

  it('says why a phone channel was refused, and shows the switch as it was', async () => {
    screenWidth(1024);
    serve(channels({ availability: { pushConfigured: true, devices: 1, phoneConfirmed: true, whatsappConfigured: false, smsConfigured: true } }), {
      status: 409,
      body: { success: false, code: 'messaging.phoneNotConfirmed', message: 'Confirm your phone number before choosing WhatsApp or SMS.' },
    });
    const user = userEvent.setup();
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    await user.click(await within(region).findByRole('switch', { name: 'Payment reminders by SMS' }));
    expect(await within(region).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Confirm your phone number before choosing WhatsApp or SMS.'));
    await waitFor(() => expect((within(region).getByRole('switch', { name: 'Payment reminders by SMS' }) as HTMLInputElement).checked).toBe(false));
  });
});

describe('Notifications on this device', () => {
  it('says so when the browser cannot show notifications, and offers no switch to press', async () => {
    serve(channels());
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    const device = await within(region).findByRole('switch', { name: 'Notifications on this device' });
    expect((device as HTMLInputElement).disabled).toBe(true);
    expect(within(region).getByText(/This browser cannot show notifications from the app/)).toBeTruthy();
  });

  it("subscribes through the app's service worker with the server's key, and registers the subscription", async () => {
    const json = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
    const subscribe = vi.fn(async () => ({ toJSON: () => json }));
    const registration = { pushManager: { subscribe, getSubscription: async () => null } };
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default' });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: { getRegistration: async () => registration, ready: Promise.resolve(registration) } }));
    const calls = serve(channels());
    const user = userEvent.setup();
    renderRoute('/profile', fakeAuth({ user: me }));
    const region = await messagesRegion();
    const device = await within(region).findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect((device as HTMLInputElement).disabled).toBe(false));
    await user.click(device);

    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/push/subscriptions')).toBe(true));
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 0, 0]) });
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual(json);
    expect(await screen.findByText('This device will receive notifications.')).toBeTruthy();
    await waitFor(() => expect((within(region).getByRole('switch', { name: 'Notifications on this device' }) as HTMLInputElement).checked).toBe(true));
  });
});
