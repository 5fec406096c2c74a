/**
 * The app in Urdu, as a person in Pakistan uses it on a phone (360 px): the header's language switch on
 * the landing page, registration, the emailed verification link, signing in, buying a plan, paying a
 * month with a receipt, the admin's approval and the month shown paid, all right to left. Numbers inside
 * Urdu (a CNIC, an amount) must keep their own left-to-right order on screen, which is measured from the
 * laid-out text. Every expected Urdu text is read from the app's own catalogues (web/locales/ur*), never
 * written here. The admin works in English, in a desktop browser of their own.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import urShared from '../web/locales/ur.json' with { type: 'json' };
import urAuth from '../web/locales/ur/auth.json' with { type: 'json' };
import urLanding from '../web/locales/ur/landing.json' with { type: 'json' };
import enLanding from '../web/locales/en/landing.json' with { type: 'json' };
import urPayments from '../web/locales/ur/member-payments.json' with { type: 'json' };
import urScreens from '../web/locales/ur/member-payments-screens.json' with { type: 'json' };
import urPlans from '../web/locales/ur/member-plans.json' with { type: 'json' };
import urProfile from '../web/locales/ur/profile.json' with { type: 'json' };
import { karachiPeriod, openAdminPayments, openAdminPaymentsTab, pendingQueueItem, type Period } from './support/instalments.ts';
import { newMember, type Member } from './support/journeys.ts';
import { waitForMessageMatching } from './support/mailbox.ts';
import {
  addBankAccountThroughUi,
  approveThroughUi,
  createPlanThroughUi,
  escapeRegExp,
  newBankAccount,
  newPlan,
  openAdminPage,
  RECEIPT_PNG,
  signInAsAdmin,
  type PlanInput,
} from './support/plans.ts';
import { fillTransferDetails } from './support/transfer.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGE_KEY = 'language';
const URDU_SCRIPT = /[\u0600-\u06FF]/;
/** The switch's name and text in each language: named in the language shown, showing the other one. */
const SWITCH_IN_ENGLISH = { name: 'Show the app in Urdu', text: 'اردو' };
const SWITCH_IN_URDU = { name: urShared.language.switchTo, text: urShared.language.otherName };

/**
 * A catalogue text with its {{values}} filled in, as a pattern of the whole name: in Urdu the app puts
 * each value between directional isolates (U+2068 … U+2069), which the accessible name keeps.
 */
function urdu(template: string, values: Record<string, string | number> = {}): RegExp {
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const key = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      return key === undefined ? escapeRegExp(part) : `\u2068?${escapeRegExp(String(values[key]))}\u2069?`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** After a full page load (a reload, a link opened from an email): the page is still in Urdu, its texts too. */
async function expectUrduAfterLoad(page: Page): Promise<void> {
  await expectUrduDocument(page);
  await expect(languageSwitch(page.getByRole('banner'), 'ur')).toBeVisible();
}

/** The document is Urdu, right to left. */
async function expectUrduDocument(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** Nothing is wider than the screen: the page cannot be scrolled sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect.soft(widths.scroll, `${where}: page width ${widths.scroll}px on a ${widths.screen}px screen`).toBeLessThanOrEqual(widths.screen);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Waits until the page's requests are answered and nothing says or shows it is loading. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

/** axe as the accessibility pass runs it (WCAG 2.0/2.1 A and AA, plus label-content-name-mismatch): nothing serious or critical. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = blocking
    .flatMap((violation) => violation.nodes.map((node) => `[${where}] ${violation.id} (${violation.impact}) ${node.target.join(' ')}\n    ${violation.help}\n    ${node.failureSummary ?? ''}`))
    .join('\n');
  expect.soft(blocking.length, `serious or critical axe findings in Urdu:\n${report}`).toBe(0);
}

/** The header's language switch, by the name it has in the language shown. */
function languageSwitch(scope: Page | Locator, shown: 'en' | 'ur'): Locator {
  // Its name is the visible language name, then what it does (for a screen reader).
  const { name, text } = shown === 'en' ? SWITCH_IN_ENGLISH : SWITCH_IN_URDU;
  return scope.getByRole('button', { name: new RegExp(`^${escapeRegExp(text)}\\s*${escapeRegExp(name)}$`) });
}

/** Chooses Urdu with the header's switch, and waits for the page to be Urdu. */
async function switchToUrdu(page: Page, header: Locator): Promise<void> {
  const toUrdu = languageSwitch(header, 'en');
  await expect(toUrdu).toContainText(SWITCH_IN_ENGLISH.text);
  await toUrdu.click();
  await expectUrduDocument(page);
  await expect(languageSwitch(header, 'ur')).toContainText(SWITCH_IN_URDU.text);
}

/**
 * Where parts of a text are drawn: the bounding boxes of the first `firstLength` and the last
 * `lastLength` characters of `text` inside the element, measured on the laid-out text nodes (Range).
 */
async function drawnPositions(element: Locator, text: string, firstLength: number, lastLength: number) {
  return element.evaluate(
    (root, { text, firstLength, lastLength }) => {
      const nodes: { node: Text; start: number }[] = [];
      let whole = '';
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode as Text;
        nodes.push({ node, start: whole.length });
        whole += node.data;
      }
      const at = whole.indexOf(text);
      if (at < 0) return null;
      const point = (offset: number, end: boolean) => {
        const found = nodes.find(({ node, start }) => (end ? offset > start && offset <= start + node.length : offset >= start && offset < start + node.length))!;
        return { node: found.node, offset: offset - found.start };
      };
      const box = (from: number, to: number) => {
        const range = document.createRange();
        const start = point(from, false);
        const end = point(to, true);
        range.setStart(start.node, start.offset);
        range.setEnd(end.node, end.offset);
        const rect = range.getBoundingClientRect();
        return { left: rect.left, right: rect.right, top: rect.top, width: rect.width };
      };
      return { first: box(at, at + firstLength), last: box(at + text.length - lastLength, at + text.length) };
    },
    { text, firstLength, lastLength },
  );
}

/** The element's text holds `text` in reading order, and its first part is drawn to the left of its last: it reads left to right inside Urdu. */
async function expectDrawnLeftToRight(element: Locator, text: string, first: string, last: string): Promise<void> {
  await expect(element).toContainText(text);
  const drawn = await drawnPositions(element, text, first.length, last.length);
  expect(drawn, `"${text}" in the element's text`).not.toBeNull();
  const { first: firstBox, last: lastBox } = drawn!;
  expect(firstBox.width, `"${first}" is drawn`).toBeGreaterThan(0);
  expect(lastBox.width, `"${last}" is drawn`).toBeGreaterThan(0);
  expect(firstBox.left, `"${first}" is drawn left of "${last}" in "${text}" (${JSON.stringify(drawn)})`).toBeLessThan(lastBox.left);
  expect(firstBox.right, `"${first}" ends before "${last}" starts in "${text}" (${JSON.stringify(drawn)})`).toBeLessThanOrEqual(lastBox.left + 0.5);
}

/** A month as the Urdu screens name it ('مئی 2026'): the month's name in Urdu, as the browser writes it, and the year. */
async function urduPeriod(page: Page, period: Period): Promise<string> {
  const name = await page.evaluate((month) => new Intl.DateTimeFormat('ur', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1)), period.month);
  return `${name} ${period.year}`;
}

/** A tab of the member's dashboard, by its Urdu name. */
async function openUrduTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The admin, signed in on a desktop browser of their own, in English. */
async function adminInOwnBrowser(browser: Browser): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  return { admin, close: () => context.close() };
}

test.describe('the app in Urdu', () => {
  test.use({ actionTimeout: 15_000 });
  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('a visitor whose browser reads Urdu first gets the app in Urdu; one whose browser reads English gets English', async ({ browser }) => {
      for (const [locale, lang, heading] of [
        ['ur-PK', 'ur', urLanding.hero.title],
        ['en-PK', 'en', enLanding.hero.title],
      ] as const) {
        const context = await browser.newContext({ viewport: PHONE, locale });
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await context.close();
      }
    });

    test('a visitor switches the landing page to Urdu with the header button, and the choice stays after a reload', async ({ page }, testInfo) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      const header = page.getByRole('banner');

      await test.step('the header button shows the app in Urdu, right to left', async () => {
        await switchToUrdu(page, header);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(urLanding.hero.title);
        await expect(page.getByRole('heading', { level: 2, name: urLanding.features.title, exact: true })).toBeVisible();
        expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_KEY)).toBe('ur');
        await expectNoSidewaysScroll(page, 'landing page in Urdu');
        await keepScreenshot(page, testInfo, 'landing-urdu');
      });

      await test.step('after a reload the page is still Urdu', async () => {
        await page.reload();
        await expectUrduDocument(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(urLanding.hero.title);
        await expect(languageSwitch(page.getByRole('banner'), 'ur')).toBeVisible();
        await expectNoSidewaysScroll(page, 'landing page in Urdu, reloaded');
      });

      await test.step('axe finds nothing serious on the Urdu landing page', async () => {
        await expectAccessible(page, 'landing (ur)');
      });
    });

    test('a member registers, verifies, signs in, buys a plan and pays a month in Urdu; the admin approves it; numbers read left to right', async ({ page, browser }, testInfo) => {
      test.setTimeout(240_000);
      const plan: PlanInput = { ...newPlan('urdu'), maxMembers: 5, monthlyAmount: 5_000, duration: 3 };
      const account = newBankAccount('urdu');
      const groupNumber = 'U1';
      const member: Member = newMember('urdu');
      // A CNIC no other registration of this run uses: 35202, seven digits from the clock, 1.
      const middle = String(Date.now()).slice(-7);
      const cnic = `35202-${middle}-1`;
      const nextMonth = karachiPeriod(1);

      const { admin, close } = await adminInOwnBrowser(browser);
      try {
        await test.step('the admin offers a plan of PKR 5,000 a month and a bank account (in English)', async () => {
          await expect(languageSwitch(admin.getByRole('banner'), 'en')).toBeVisible();
          await createPlanThroughUi(admin, plan);
          await addBankAccountThroughUi(admin, account);
        });

        await test.step('the visitor chooses Urdu on the landing page and opens the register page', async () => {
          await page.goto('/');
          await switchToUrdu(page, page.getByRole('banner'));
          await page.getByRole('main').getByRole('link', { name: urLanding.hero.primaryCta, exact: true }).first().click();
          await expect(page).toHaveURL(/\/register$/);
          await expectUrduDocument(page);
          await expect(page.getByRole('heading', { level: 1, name: urAuth.register.title, exact: true })).toBeVisible();
          await expect(languageSwitch(page.getByRole('banner'), 'ur')).toBeVisible();
          await expectNoSidewaysScroll(page, 'register page in Urdu');
          await keepScreenshot(page, testInfo, 'register-urdu');
          await expectAccessible(page, 'register (ur)');
        });

        await test.step('they register with the Urdu labels, a CNIC included', async () => {
          await page.getByLabel(urAuth.fields.name).fill(member.name);
          await page.getByLabel(urAuth.fields.email, { exact: true }).fill(member.email);
          await page.getByLabel(urAuth.fields.phone).fill(member.phone);
          const cnicField = page.getByLabel(urAuth.fields.cnic);
          await cnicField.pressSequentially(cnic.replace(/-/g, ''));
          await expect(cnicField).toHaveValue(cnic);
          await page.getByLabel(urAuth.fields.password, { exact: true }).fill(member.password);
          await page.getByLabel(urAuth.fields.confirmPassword, { exact: true }).fill(member.password);
          await page.getByRole('button', { name: urAuth.register.submit, exact: true }).click();
          await expect(page).toHaveURL(/\/verify-email\?/);
          await expect(page.getByRole('heading', { name: urAuth.verifyEmail.checkEmailTitle, exact: true })).toBeVisible();
          await expect(page.getByText(urdu(urAuth.verifyEmail.sentTo, { email: member.email }))).toBeVisible();
          await expectUrduDocument(page);
        });

        await test.step('the verification email is in Urdu, and its link verifies the address', async () => {
          const { subject, body } = await waitForMessageMatching(member.email, /\/verify-email\?/);
          expect.soft(subject, 'the verification email\'s subject is in Urdu').toMatch(URDU_SCRIPT);
          expect.soft(body, 'the verification email\'s text is in Urdu').toMatch(URDU_SCRIPT);
          testInfo.annotations.push({ type: 'verification email', description: `${subject} | ${body.split('\n')[0]}` });
          const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(body)?.[0];
          expect(link, 'the verification link in the email').toBeTruthy();
          await page.goto(link!);
          await expectUrduAfterLoad(page);
          await expect(page.getByRole('heading', { name: urAuth.verifyEmail.successTitle, exact: true })).toBeVisible();
          await expectUrduDocument(page);
        });

        await test.step('they sign in on the Urdu login page, and the dashboard is Urdu', async () => {
          await page.getByRole('link', { name: urAuth.verifyEmail.goToLogin, exact: true }).click();
          await expect(page).toHaveURL(/\/login/);
          await expect(page.getByRole('heading', { level: 1, name: urAuth.login.title, exact: true })).toBeVisible();
          await expectNoSidewaysScroll(page, 'login page in Urdu');
          await expectAccessible(page, 'login (ur)');
          await page.getByLabel(urAuth.fields.email, { exact: true }).fill(member.email);
          await page.getByLabel(urAuth.fields.password, { exact: true }).fill(member.password);
          await page.getByRole('button', { name: urAuth.login.submit, exact: true }).click();
          await expect(page).toHaveURL(/\/dashboard$/);
          await expect(page.getByRole('heading', { level: 1, name: urdu(urShared.dashboard.greeting, { name: member.name }) })).toBeVisible();
          await expectUrduDocument(page);
          await expect(languageSwitch(page.getByRole('banner'), 'ur')).toBeVisible();
          await expectNoSidewaysScroll(page, 'member dashboard in Urdu');
          await keepScreenshot(page, testInfo, 'dashboard-urdu');
          await expectAccessible(page, 'dashboard (ur)');
        });

        await test.step('they buy the plan from the Urdu Committee Plans tab, with a receipt', async () => {
          await openUrduTab(page, urShared.dashboard.tabs.plans);
          const card = page.getByRole('region', { name: urPlans.panel.title, exact: true }).getByRole('article', { name: plan.name, exact: true });
          await card.getByRole('link', { name: urdu(urPlans.panel.subscribeLabel, { name: plan.name }) }).click();
          await expect(page).toHaveURL(/\/user\/subscribe\/[^/]+$/);
          await expectUrduDocument(page);
          const submit = page.getByRole('button', { name: urPlans.subscribe.submit, exact: true });
          await expect(submit).toBeDisabled();
          await page
            .getByRole('radiogroup', { name: urPlans.subscribe.bankAccounts, exact: true })
            .getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true })
            .check();
          await page.getByLabel(urPlans.subscribe.receiptLabel, { exact: true }).setInputFiles(RECEIPT_PNG);
          await fillTransferDetails(page, {}, { date: urPlans.transfer.dateLabel, number: urPlans.transfer.numberLabel });
          await expect(submit).toBeEnabled();
          await expectNoSidewaysScroll(page, 'subscribe page in Urdu');
          await submit.click();
          await expect(page).toHaveURL(/\/dashboard$/);
          await expectUrduDocument(page);
        });

        await test.step('the admin approves the purchase into a new group', async () => {
          await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
          await approveThroughUi(admin, plan.name, member.name, groupNumber, { newGroup: true });
        });

        const nextLabel = await urduPeriod(page, nextMonth);
        const group = page.getByRole('article', { name: urdu(urPayments.groups.groupTitle, { number: groupNumber }) });
        const monthButton = (state?: string) =>
          group.getByRole('button', { name: new RegExp(`^${escapeRegExp(nextLabel)} ${state ? escapeRegExp(state) : ''}`) });

        await test.step('the member pays next month from the Urdu My Groups tab: the month, Pay Now, the account and the receipt', async () => {
          await page.reload();
          await expectUrduAfterLoad(page);
          await openUrduTab(page, urPayments.tabs.groups);
          await expect(group).toBeVisible();
          await expect(monthButton(urPayments.state.SCHEDULED)).toBeVisible();
          await expectNoSidewaysScroll(page, 'My Groups in Urdu');
          await monthButton().click();

          const details = page.getByRole('dialog', { name: urScreens.details.title, exact: true });
          await expect(details).toBeVisible();
          await expect(details.getByText(urdu(urScreens.details.subtitle, { number: groupNumber, period: nextLabel }))).toBeVisible();
          await details.getByRole('button', { name: urScreens.details.payNow, exact: true }).click();

          await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);
          await expect(page.getByRole('heading', { level: 1, name: urScreens.page.title, exact: true })).toBeVisible();
          await expectUrduDocument(page);
          const submit = page.getByRole('button', { name: urScreens.page.submit, exact: true });
          await expect(submit).toBeDisabled();
          await page
            .getByRole('radiogroup', { name: urScreens.page.bankAccounts, exact: true })
            .getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true })
            .check();
          await page.getByLabel(urScreens.page.receiptLabel, { exact: true }).setInputFiles(RECEIPT_PNG);
          await fillTransferDetails(page, {}, { date: urPlans.transfer.dateLabel, number: urPlans.transfer.numberLabel });
          await expect(submit).toBeEnabled();
          // The month's reference, with the words that say where it goes, in Urdu.
          const reference = page.getByRole('region', { name: urPlans.reference.title, exact: true });
          await expect(reference.getByText(urPlans.reference.instruction, { exact: true })).toBeVisible();
          await expect(reference.getByRole('button', { name: urPlans.reference.copy, exact: true })).toBeVisible();
          await expectNoSidewaysScroll(page, 'payment page in Urdu');
          await keepScreenshot(page, testInfo, 'payment-urdu');
        });

        await test.step('inside the Urdu instruction, "PKR 5,000" reads left to right: PKR, then the digits', async () => {
          const transfer = page.getByText(urdu(urScreens.page.steps.transfer, { amount: 'PKR 5,000' }));
          await expect(transfer).toBeVisible();
          await expectDrawnLeftToRight(transfer, 'PKR 5,000', 'PKR', '0');
        });

        await test.step('the receipt is sent', async () => {
          await page.getByRole('button', { name: urScreens.page.submit, exact: true }).click();
          await expect(page.getByRole('heading', { name: urScreens.page.submittedTitle, exact: true })).toBeVisible();
          await expect(page.getByText(urScreens.page.submittedMessage, { exact: true })).toBeVisible();
        });

        await test.step('the admin approves the receipt in the Pending Queue', async () => {
          await openAdminPayments(admin);
          await openAdminPaymentsTab(admin, 'Pending Queue');
          const item = pendingQueueItem(admin, member.name, nextMonth);
          await expect(item).toBeVisible();
          await expect(item.getByText('PKR 5,000', { exact: true })).toBeVisible();
          await item.getByRole('button', { name: 'Approve', exact: true }).click();
          const dialog = admin.getByRole('dialog', { name: 'Approve Payment' });
          await expect(dialog).toContainText(`${member.name}: PKR 5,000 for ${nextMonth.label}`);
          await keepScreenshot(admin, testInfo, 'admin-approval');
          await dialog.getByRole('button', { name: 'Approve Payment', exact: true }).click();
          await expect(admin.getByText('Payment paid successfully', { exact: true }).first()).toBeVisible();
          await expect(item).toHaveCount(0);
        });

        await test.step('the member sees the month paid, in Urdu, on My Groups and in the payment history', async () => {
          await page.goto('/dashboard');
          await expectUrduAfterLoad(page);
          await openUrduTab(page, urPayments.tabs.groups);
          await expect(monthButton(urPayments.state.PAID)).toBeVisible();

          await openUrduTab(page, urShared.dashboard.tabs.payments);
          const paid = page.getByRole('region', { name: urScreens.payments.historyTitle, exact: true }).getByRole('article', { name: nextLabel, exact: true });
          await expect(paid).toBeVisible();
          await expect(paid.getByText(urPayments.review.approved, { exact: true })).toBeVisible();
          await expectNoSidewaysScroll(page, 'Payments tab in Urdu');
          await keepScreenshot(page, testInfo, 'payments-urdu');

          // The amount of the payment, on its card: "PKR 5,000" with PKR on the left.
          const amount = paid.getByText('PKR 5,000', { exact: true });
          await expect(amount).toBeVisible();
          await expectDrawnLeftToRight(amount, 'PKR 5,000', 'PKR', '0');
        });

        await test.step('the profile shows the CNIC as 35202-xxxxxxx-1, drawn left to right inside the Urdu page', async () => {
          await page.getByRole('button', { name: /^اکاؤنٹ مینو کھولیں|^Open account menu/ }).click();
          await page.getByRole('menuitem', { name: urShared.account.profile, exact: true }).click();
          await expect(page).toHaveURL(/\/profile$/);
          await expect(page.getByRole('heading', { level: 1, name: urProfile.title, exact: true })).toBeVisible();
          await expectUrduDocument(page);
          const details = page.getByRole('region', { name: urProfile.details, exact: true }).or(page.locator('section[aria-labelledby="profile-details-title"]')).first();
          const value = details.locator('dd').filter({ hasText: cnic });
          await expect(value).toHaveText(cnic);
          await expectDrawnLeftToRight(value, cnic, '35202', '1');
          await expectNoSidewaysScroll(page, 'profile in Urdu');
        });
      } finally {
        await close();
      }
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('the header switch goes to Urdu and back to English', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      await switchToUrdu(page, header);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(urLanding.hero.title);
      // In the header, on the screen: nothing of it is cut off at either side.
      const box = await languageSwitch(header, 'ur').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
      await expectNoSidewaysScroll(page, 'landing page in Urdu at 1280 px');

      await languageSwitch(header, 'ur').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(languageSwitch(header, 'en')).toContainText(SWITCH_IN_ENGLISH.text);
      expect(await page.evaluate((key) => window.localStorage.getItem(key), LANGUAGE_KEY)).toBe('en');
    });
  });
});
