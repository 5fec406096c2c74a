/**
 * Steps several browser journeys share, done the way a person does them: through the pages,
 * by their labels and visible texts. Each test makes its own member with newMember().
 */
import { expect, type Page } from '@playwright/test';
import { waitForLink } from './mailbox.ts';

export interface Member {
  name: string;
  email: string;
  phone: string;
  password: string;
}

let sequence = 0;

/** A new member with an address no other test (or earlier run) has used. */
export function newMember(label: string): Member {
  sequence++;
  const stamp = `${Date.now()}-${process.pid}-${sequence}`;
  return {
    name: `E2E ${label} ${sequence}`,
    email: `${label}-${stamp}@e2e.test`,
    phone: '0300-1234567',
    password: `pass-${sequence}-word`,
  };
}

/** The fields of /register, by their visible labels. */
export function registerForm(page: Page) {
  return {
    name: page.getByLabel('Full Name'),
    email: page.getByLabel('Email Address'),
    phone: page.getByLabel('Phone Number'),
    cnic: page.getByLabel('CNIC'),
    password: page.getByLabel('Password', { exact: true }),
    confirmPassword: page.getByLabel('Confirm Password', { exact: true }),
    referralCode: page.getByLabel('Referral Code'),
    submit: page.getByRole('button', { name: 'Create Account' }),
  };
}

/**
 * Fills in /register for the member and submits it; ends on /verify-email ('Check Your Email').
 * The CNIC is optional: pass its 13 digits to type them too.
 */
export async function registerThroughUi(page: Page, member: Member, options: { cnicDigits?: string } = {}): Promise<void> {
  await page.goto('/register');
  const form = registerForm(page);
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await form.name.fill(member.name);
  await form.email.fill(member.email);
  await form.phone.fill(member.phone);
  if (options.cnicDigits) await form.cnic.pressSequentially(options.cnicDigits);
  await form.password.fill(member.password);
  await form.confirmPassword.fill(member.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/verify-email\?/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(`We have sent an email to ${member.email}.`)).toBeVisible();
}

/** Opens the newest verification link emailed to the address, in this page, and waits for 'Email Verified!'. */
export async function verifyThroughEmail(page: Page, email: string, count = 1): Promise<void> {
  await page.goto(await waitForLink(email, '/verify-email', count));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
}

/** A member who has registered and verified their address, both through the pages. */
export async function registerAndVerify(page: Page, label: string): Promise<Member> {
  const member = newMember(label);
  await registerThroughUi(page, member);
  await verifyThroughEmail(page, member.email);
  return member;
}

/** Fills in the login form (opening /login unless the page is already there) and signs in. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs a member in and waits for the dashboard's greeting. */
export async function signInToDashboard(page: Page, member: Member): Promise<void> {
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
}
