/**
 * Sharing the referral link (issue "Reaching members where they are", Sharing): a member finds a Share
 * button beside Copy Link, at a phone's width and a desktop's. Where the browser has a share sheet it
 * opens with the link; elsewhere WhatsApp opens with the message and the link. A link pasted into
 * WhatsApp shows a card: the registration page's HTML names the picture, which the server sends.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/constants.ts';
import { openDashboardTab } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard, type Member } from './support/journeys.ts';
import { escapeRegExp } from './support/plans.ts';
import { openReferralSection } from './support/referrals.ts';

test.use({ actionTimeout: 15_000 });

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

let member: Member;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  member = await registerAndVerify(page, 'sharer');
  await page.close();
});

/** Signs the member in and opens Referrals → Overview; returns the card and the link it shows. */
async function openReferralCard(page: Page) {
  await page.goto('/login');
  await signInToDashboard(page, member);
  await openDashboardTab(page, 'Referrals');
  await openReferralSection(page, 'Overview');
  const card = page.getByRole('region', { name: 'Your Referral Code', exact: true });
  const link = await card.getByLabel('Your referral link', { exact: true }).inputValue();
  expect(link).toMatch(new RegExp(`^${escapeRegExp(E2E_BASE_URL)}/register\\?ref=[A-Z0-9]+$`));
  return { card, link };
}

/** Whether an element lies wholly inside the page's width (nothing cut off on a phone). */
async function fitsTheWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

for (const { name, viewport } of widths) {
  test.describe(`at a ${name}'s width`, () => {
    test.use({ viewport });

    test('without a share sheet, the member shares the link on WhatsApp, reached from Copy Link by keyboard', async ({ page }) => {
      const { card, link } = await openReferralCard(page);
      await expect(card.getByRole('button', { name: 'Share Link' })).toHaveCount(0);
      const whatsApp = card.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)', exact: true });
      await expect(whatsApp).toBeVisible();
      expect(await fitsTheWidth(page, whatsApp)).toBe(true);
      const href = new URL((await whatsApp.getAttribute('href'))!);
      expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
      expect(href.searchParams.get('text')).toBe(`I'm saving for Umrah with an interest-free committee on Umrah Committee. Join with my link:\n${link}`);
      await expect(whatsApp).toHaveAttribute('target', '_blank');

      await card.getByRole('button', { name: 'Copy Link', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(whatsApp).toBeFocused();
    });

    test("with a share sheet, Share Link opens it with the member's link", async ({ page }) => {
      // The browser's share sheet, as a phone's browser has it: what it was given is kept to be read.
      await page.addInitScript(() => {
        const shared: ShareData[] = [];
        Object.assign(window, { sharedData: shared });
        Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void shared.push(data) });
      });
      const { card, link } = await openReferralCard(page);
      await expect(card.getByRole('link', { name: /Share on WhatsApp/ })).toHaveCount(0);
      const share = card.getByRole('button', { name: 'Share Link', exact: true });
      await expect(share).toBeVisible();
      expect(await fitsTheWidth(page, share)).toBe(true);
      await share.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData)).toEqual([
        { title: 'Join me on Umrah Committee', text: "I'm saving for Umrah with an interest-free committee on Umrah Committee. Join with my link:", url: link },
      ]);
    });
  });
}

test('a referral link pasted into WhatsApp finds a card: title, description and a 1200×630 picture', async ({ request }) => {
  const page = await request.get('/register?ref=ABC123');
  expect(page.status()).toBe(200);
  const html = await page.text();
  const content = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
  expect(content('og:title')).toContain('Join Umrah Committee');
  expect(content('og:description')).toBeTruthy();
  expect(content('twitter:card')).toBe('summary_large_image');
  const image = content('og:image');
  expect(image).toBe(`${E2E_BASE_URL}/share-card.png`);
  const picture = await request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  const png = await picture.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});
