/**
 * Account journeys (member document §2 /register, /verify-email, /login, /forgot-password,
 * /reset-password, /dashboard logout; §5 register validation; §8 server messages).
 */
import { expect, test } from '@playwright/test';
import { waitForLink } from './support/mailbox.ts';
import { newMember, registerAndVerify, registerForm, registerThroughUi, signIn, signInToDashboard } from './support/journeys.ts';

test.describe('accounts', () => {
  test('register (a too-common password is refused first), verify by the emailed link, sign in, and log out', async ({ page }) => {
    const member = newMember('journey');
    // A CNIC no other registration in this run uses: 42101, seven digits from the clock, 1.
    const middle = String(Date.now()).slice(-7);

    await page.goto('/register');
    const form = registerForm(page);
    await form.name.fill(member.name);
    await form.email.fill(member.email);
    await form.phone.fill(member.phone);
    await form.cnic.pressSequentially(`42101${middle}1`);
    await expect(form.cnic).toHaveValue(`42101-${middle}-1`);
    // A password everybody tries first is refused under its field; the rest of the form stays.
    await form.password.fill('password1');
    await form.confirmPassword.fill('password1');
    await form.submit.click();
    await expect(page.getByText('This password is too common. Please choose a less common one.')).toBeVisible();
    await expect(form.password).toBeFocused();
    await expect(form.email).toHaveValue(member.email);
    await form.password.fill(member.password);
    await form.confirmPassword.fill(member.password);
    await form.submit.click();

    await expect(page).toHaveURL(/\/verify-email\?/);
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(`We have sent an email to ${member.email}.`)).toBeVisible();

    // The link from the email, opened in the same tab.
    await page.goto(await waitForLink(member.email, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByText('Your email has been verified. You can now log in.')).toBeVisible();
    await expect(page.getByText('Taking you to the login page in 3 seconds...')).toBeVisible();
    // It moves on by itself, after about three seconds rather than at once.
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);

    await page.getByRole('button', { name: 'Open account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(member.email)).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to log out of your account?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    // Signed out for real: the dashboard sends the visitor back to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('forgot password: the emailed link sets a new password, and the old one stops working', async ({ page, browser }) => {
    const member = await registerAndVerify(page, 'reset');
    const newPassword = `${member.password}-new`;

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
    await page.getByLabel('Email Address').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(member.email);

    await page.goto(await waitForLink(member.email, '/reset-password'));
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInToDashboard(page, { ...member, password: newPassword });

    // Someone else's browser, with the old password.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await signIn(other, member.email, member.password);
      await expect(other.getByRole('alert')).toHaveText('Invalid email or password.');
      await expect(other).toHaveURL(/\/login$/);
    } finally {
      await elsewhere.close();
    }
  });

  test('the register form explains what is wrong and sends nothing', async ({ page }) => {
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/register')) registrations.push(request.url());
    });
    const member = newMember('invalid');

    await page.goto('/register');
    const form = registerForm(page);
    await form.name.fill(member.name);
    await form.email.fill(member.email);
    await form.cnic.pressSequentially('12345');
    await form.password.fill(member.password);
    await form.confirmPassword.fill(`${member.password}-other`);
    await form.submit.click();

    await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();
    await expect(page.getByText('Please enter a valid 13-digit CNIC.')).toBeVisible();
    await expect(form.confirmPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(form.cnic).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
    expect(registrations).toEqual([]);
  });

  test('a referral link fills in the referral code', async ({ page }) => {
    await page.goto('/register?ref=ABCD2345');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(registerForm(page).referralCode).toHaveValue('ABCD2345');
  });

  test('an unverified member who signs in is sent to verify, and can have the link sent again', async ({ page }) => {
    const member = newMember('unverified');
    await registerThroughUi(page, member);
    await waitForLink(member.email, '/verify-email');

    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(`We have sent an email to ${member.email}.`)).toBeVisible();

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    const secondLink = await waitForLink(member.email, '/verify-email', 2);

    // The new link is the one that works.
    await page.goto(secondLink);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await page.goto('/login');
    await signInToDashboard(page, member);
  });
});
