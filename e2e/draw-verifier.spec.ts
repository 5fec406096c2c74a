/**
 * The standalone verifier page (docs/draws.md), on a phone and on a desktop: a member saves the page and a
 * group's draw record to the device, then opens the saved page with the network cut off. The page checks
 * the draw there, by the published rule: "Verified" with the winner for the true record, "Does not
 * match" for a changed one, in English and in Urdu (right to left). Served by the app, the page may run
 * only its own script and may make no request at all.
 *
 * The admin's part (plan, group, members, commit, draw) goes through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { waitForLink } from './support/mailbox.ts';
import { adminApi, createGroup, createPlan, type AdminApi } from './support/owed.ts';
import { newPlan } from './support/plans.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** A verified member, registered through the API and the emailed link. */
async function verifiedMember(request: APIRequestContext, label: string, name: string): Promise<string> {
  const email = `${label}.${Date.now()}@example.com`;
  expect((await request.post('/api/auth/register', { data: { name, email, password: 'draw-verifier-pass-9' } })).status()).toBe(201);
  const link = await waitForLink(email, '/verify-email');
  const token = new URL(link).searchParams.get('token')!;
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  const login = await request.post('/api/auth/login', { data: { email, password: 'draw-verifier-pass-9' } });
  return ((await login.json()) as { user: { id: string } }).user.id;
}

/** A drawn month: committed, then drawn once its notice has run (a few seconds on the browser tests' server). */
async function drawnRecord(admin: AdminApi, request: APIRequestContext, label: string) {
  const plan = { ...newPlan(label), maxMembers: 5, duration: 6, monthlyAmount: 25_000 };
  const planId = await createPlan(admin, plan);
  const groupId = await createGroup(admin, plan, planId, '2026-01-01');
  for (const name of ['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq']) {
    const userId = await verifiedMember(request, `${label}-${name.split(' ')[0].toLowerCase()}`, name);
    await admin.post(`/api/committee-plans/${planId}/add-user`, { userId, groupId });
  }
  const period = { month: 1, year: 2026 };
  await admin.post(`/api/winners/draws/${planId}/A1/commit`, period);
  // Until the notice has run the draw is refused (409): asked again until it is made.
  await expect(async () => {
    await admin.post(`/api/winners/draws/${planId}/A1/draw`, period);
  }).toPass({ timeout: 30_000 });
  return (await admin.get<{ data: { months: { entries: { status?: string; seed?: string | null; winner?: { name: string } | null }[] }[] } }>(`/api/admin/groups/${groupId}/draws`)).data;
}

for (const { name, viewport } of widths) {
  test.describe(`the draw verifier page, on a ${name}`, () => {
    test.use({ viewport });

    test('checks a saved record offline: Verified for the true record, Does not match for a changed one, in English and Urdu', async ({ browser, request, baseURL }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const record = await drawnRecord(admin, request, `verifier-${name}`);
      const drawn = record.months[0].entries.find((entry) => entry.status === 'DRAWN')!;

      const served = await request.get('/verify-draw.html');
      expect(served.status()).toBe(200);
      const policy = served.headers()['content-security-policy'];
      expect(policy).toContain("connect-src 'none'");
      expect(policy).toMatch(/script-src 'sha256-[^']+'/);
      expect(policy).not.toContain('unsafe-inline');

      // Saved to the device, as a member would: the page and the record downloaded from the app.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-verifier-'));
      const pageFile = path.join(folder, 'verify-draw.html');
      fs.writeFileSync(pageFile, await served.text());
      const recordFile = path.join(folder, 'draw-record.json');
      fs.writeFileSync(recordFile, JSON.stringify(record, null, 2));
      const changed = structuredClone(record);
      const changedDraw = changed.months[0].entries.find((entry) => entry.status === 'DRAWN')!;
      changedDraw.seed = 'f'.repeat(64);
      const changedFile = path.join(folder, 'changed-record.json');
      fs.writeFileSync(changedFile, JSON.stringify(changed));

      const context = await browser.newContext({ viewport, offline: true });
      const requests: string[] = [];
      context.on('request', (sent) => {
        if (!sent.url().startsWith('file:')) requests.push(sent.url());
      });
      const page = await context.newPage();
      try {
        await page.goto(`file://${pageFile}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Check a draw' })).toBeVisible();
        const input = page.getByLabel('The draw record file (JSON)');

        await input.setInputFiles(recordFile);
        await expect(page.getByRole('heading', { level: 2 })).toHaveText(/Group A1$/);
        await expect(page.getByText(new RegExp(`^Verified: the seed matches the commitment published before the draw, and the rule picks ${drawn.winner!.name} `))).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

        await input.setInputFiles(changedFile);
        await expect(page.getByText('Does not match: this draw does not check out by the rule.', { exact: true })).toBeVisible();

        await page.getByRole('button', { name: 'اردو' }).click();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByRole('heading', { level: 1, name: 'قرعہ اندازی کی جانچ' })).toBeVisible();
        await expect(page.getByText('مطابقت نہیں: یہ قرعہ اندازی قاعدے کے مطابق درست ثابت نہیں ہوتی۔', { exact: true })).toBeVisible();
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await context.close();
        fs.rmSync(folder, { recursive: true, force: true });
      }
      // Opened from the app itself, it runs within its own policy.
      const online = await browser.newPage({ viewport, baseURL });
      try {
        const refused: string[] = [];
        online.on('console', (message) => {
          if (message.type() === 'error') refused.push(message.text());
        });
        await online.goto('/verify-draw.html');
        await expect(online.getByRole('heading', { level: 1, name: 'Check a draw' })).toBeVisible();
        expect(refused).toEqual([]);
      } finally {
        await online.close();
      }
    });
  });
}
