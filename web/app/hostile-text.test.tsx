/**
 * Browser-side safety of what people type (ASVS 3.2.2 and 6.2.7): text from the server is shown as
 * text, never as markup; password fields take pasted passwords and let password managers fill them.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../test/render.tsx';
import { ok, stubGetRequests } from '../test/api-stub.ts';
import { memberPaymentRoutes } from '../test/member-payment-fixtures.ts';
import { makePlan, planListAnswerOf } from '../test/plan-fixtures.ts';
import { notificationListAnswerOf } from '../test/notification-fixtures.ts';

const markupName = '<img src=x onerror="window.hacked=true">Ayesha';
const markupPlan = '<script>window.hacked=true</script><b>Gold</b>';

describe('text from the server', () => {
  it('is shown as the characters it is, never as markup', async () => {
    const user = makeUser({ name: markupName });
    const plan = makePlan({ name: markupPlan, description: '<a href="javascript:alert(1)">Details</a>' });
    stubGetRequests({
      ...memberPaymentRoutes(),
      '/api/committee-plans': planListAnswerOf([plan]),
      '/api/notifications': notificationListAnswerOf(),
    });
    renderRoute('/dashboard', fakeAuth({ user }));

    expect(await screen.findByRole('heading', { name: `Assalam-o-Alaikum, ${markupName}` })).toBeTruthy();
    expect(await screen.findByText(markupPlan)).toBeTruthy();
    expect(screen.getByText('<a href="javascript:alert(1)">Details</a>')).toBeTruthy();
    // None of it became an element, and nothing ran.
    expect(document.querySelector('img[src="x"], script, a[href^="javascript:"], b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});

/** Every password field on a page: what password managers read, and whether a paste goes through. */
function passwordFields() {
  return Array.from(document.querySelectorAll<HTMLInputElement>('input[type="password"]'));
}

function pasteIsRefused(input: HTMLInputElement): boolean {
  const paste = new Event('paste', { bubbles: true, cancelable: true });
  input.dispatchEvent(paste);
  return paste.defaultPrevented;
}

describe('password fields', () => {
  it.each([
    ['/login', 'Welcome Back', ['current-password']],
    ['/register', 'Create Your Account', ['new-password', 'new-password']],
    ['/reset-password?token=abcdefghijklmnopqrstuvwxyz', 'Reset Your Password', ['new-password', 'new-password']],
  ])('on %s take pastes and name themselves for password managers', async (path, heading, autocomplete) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    const fields = passwordFields();
    expect(fields.map((field) => field.autocomplete)).toEqual(autocomplete);
    for (const field of fields) {
      expect(pasteIsRefused(field)).toBe(false);
      // Long passphrases fit: no small length cap in the page.
      expect(field.maxLength === -1 || field.maxLength >= 128).toBe(true);
    }
  });

  it('on the profile page do the same: the new password twice, then the current one', async () => {
    stubGetRequests({
      '/api/profile': ok({ user: makeUser(), data: { user: makeUser() } }),
      '/api/notifications': notificationListAnswerOf(),
    });
    renderRoute('/profile', fakeAuth({ user: makeUser() }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await screen.findByRole('form', { name: 'Edit Profile' });
    const fields = passwordFields();
    // The new password twice, then the current one that confirms it (and a new email).
    expect(fields.map((field) => field.autocomplete)).toEqual(['new-password', 'new-password', 'current-password']);
    for (const field of fields) expect(pasteIsRefused(field)).toBe(false);
  });
});
