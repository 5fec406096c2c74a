/**
 * axe in the browser tests: WCAG 2.0 and 2.1 A and AA, plus the rule that a control's accessible name
 * contains its visible label (label-content-name-mismatch, experimental in axe). The serious and
 * critical findings of every check are gathered, and reported together at the end of a walk.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXPERIMENTAL_RULE = 'label-content-name-mismatch';
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  violation: Result;
}

/** Runs axe on the page as it is now; keeps the serious and critical findings, and notes which rules ran. */
export class Audit {
  readonly findings: Finding[] = [];
  readonly rulesRun = new Set<string>();
  readonly places: string[] = [];
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async check(where: string): Promise<void> {
    // options() replaces every option, so it comes before withTags(), which adds runOnly to them.
    const results: AxeResults = await new AxeBuilder({ page: this.page })
      .options({ resultTypes: ['violations'], rules: { [EXPERIMENTAL_RULE]: { enabled: true } } })
      .withTags(WCAG_TAGS)
      // The app has no frames: axe runs in the page itself, without a second page to combine frames' results.
      .setLegacyMode()
      .analyze();
    for (const list of [results.passes, results.violations, results.incomplete, results.inapplicable]) {
      for (const rule of list) this.rulesRun.add(rule.id);
    }
    this.places.push(where);
    for (const violation of results.violations) {
      if (BLOCKING.has(violation.impact ?? '')) this.findings.push({ where, violation });
    }
  }

  /** One line per finding and element: where, rule, impact, selector, and axe's summary of what to fix. */
  report(): string {
    return this.findings
      .flatMap(({ where, violation }) =>
        violation.nodes.map(
          (node) =>
            `[${where}] ${violation.id} (${violation.impact}) ${node.target.join(' ')}\n    ${violation.help}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
        ),
      )
      .join('\n');
  }

  expectClean(): void {
    expect(this.places.length, 'pages checked').toBeGreaterThan(0);
    expect([...this.rulesRun], `${EXPERIMENTAL_RULE} ran`).toContain(EXPERIMENTAL_RULE);
    expect(this.findings.length, `serious or critical axe findings:\n${this.report()}`).toBe(0);
  }
}

/** Waits until the page's requests are answered and nothing says or shows it is loading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

/**
 * Chooses every tab the page shows, one after another, tabs inside tabs too (a tab's panel may have
 * its own), and checks the page after each. The tab shown first is checked with the page itself.
 */
export async function checkEveryTab(page: Page, audit: Audit, where: string): Promise<void> {
  const seen = new Set<string>();
  for (let round = 0; round < 40; round++) {
    // A tab is known by its text (a count in it, such as 'Pending Queue 1', stays the same meanwhile).
    let next: { tab: Locator; name: string } | undefined;
    for (const tab of await page.getByRole('tab').all()) {
      if (!(await tab.isVisible())) continue;
      const name = ((await tab.textContent()) ?? '').replace(/\s+/g, ' ').trim();
      if ((await tab.getAttribute('aria-selected')) === 'true') seen.add(name);
      else if (!seen.has(name)) next ??= { tab, name };
    }
    if (next === undefined) return;
    const { tab, name } = next;
    seen.add(name);
    await tab.click();
    await expect(page.getByRole('tab', { selected: true }).filter({ hasText: name }).first()).toBeVisible();
    await settle(page);
    await audit.check(`${where} › ${name}`);
  }
  throw new Error(`${where}: more tabs than expected`);
}
