/**
 * The server's architecture, as far as the lint keeps it (eslint.config.js, run by `npm test`): these
 * tests give it modules that break a rule and check that it refuses them, and modules that keep the
 * rules and check that it lets them pass, so that a change to the configuration cannot switch a rule
 * off unseen.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The tests run from the project's root (vitest.config.ts), where eslint.config.js is.
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('the server architecture', () => {
  it('refuses production code importing the test support or a test library', async () => {
    const support = "import { createTestContext } from '../test/test-app.ts';\nexport const a = createTestContext;\n";
    expect(await refusals('server/instalments/new-module.ts', support)).toContain('no-restricted-imports');
    const library = "import { expect } from 'vitest';\nexport const a = expect;\n";
    expect(await refusals('server/instalments/new-module.ts', library)).toContain('no-restricted-imports');
  });

  it('lets a test, and the test support itself, use them', async () => {
    const support = "import { createTestContext } from '../test/test-app.ts';\nexport const a = createTestContext;\n";
    expect(await refusals('server/instalments/new-module.test.ts', support)).toEqual([]);
    expect(await refusals('server/test/new-support.ts', "import { expect } from 'vitest';\nexport const a = expect;\n")).toEqual([]);
  });
});

describe('server tests', () => {
  it("refuse a cast of an answer's body to a hand-written shape, and let a named schema or `as const` pass", async () => {
    const file = 'server/instalments/new-module.test.ts';
    expect(await refusals(file, 'declare const res: { body: { data: unknown } };\nexport const a = res.body.data as { id: string };\n')).toEqual(['no-restricted-syntax']);
    expect(await refusals(file, 'declare const res: { body: unknown };\nexport const a = res.body as { id: string };\n')).toEqual(['no-restricted-syntax']);
    expect(await refusals(file, 'declare const res: { body: { data: { id: unknown } } };\nexport const a = (res.body.data.id as string).length;\n')).toEqual(['no-restricted-syntax']);
    expect(await refusals(file, "declare const res: { body: { ids: string[] } };\nexport const a = res.body.ids;\nexport const b = ['x'] as const;\n")).toEqual([]);
  });
});

describe('the server layers', () => {
  // Below the domains: the database, HTTP, mail, the phone providers, the money figures, general utilities, the business time, the logger, the configuration.
  const domainImport = "import { findPlan } from '../plans/plan-service.ts';\nexport const a = findPlan;\n";

  it('refuses the database layer importing a domain', async () => {
    expect(await refusals('server/db/new-module.ts', domainImport)).toContain('boundaries/dependencies');
  });

  it('refuses http, mail, the phone providers, the figures and the general utilities importing a domain', async () => {
    for (const folder of ['http', 'mail', 'messaging', 'figures', 'lib']) {
      expect(await refusals(`server/${folder}/new-module.ts`, domainImport)).toContain('boundaries/dependencies');
    }
  });

  it('refuses the business time, the logger and the configuration importing a domain or the app', async () => {
    const code = "import { findPlan } from './plans/plan-service.ts';\nimport { buildApp } from './app.ts';\nexport const a = [findPlan, buildApp];\n";
    for (const file of ['business-time.ts', 'logger.ts', 'config.ts']) {
      const found = await refusals(`server/${file}`, code);
      expect(found.filter((rule) => rule === 'boundaries/dependencies')).toHaveLength(2);
    }
  });

  it("refuses a domain importing another domain's routes or internal modules, or the app above it", async () => {
    const routes = "import { registerPlanRoutes } from '../plans/plan-routes.ts';\nexport const a = registerPlanRoutes;\n";
    expect(await refusals('server/plan-requests/new-module.ts', routes)).toContain('boundaries/dependencies');
    // instalments/ledgers.ts is the instalments' own (no service, not among their named entries).
    const internal = "import { memberLedger } from '../instalments/ledgers.ts';\nexport const a = memberLedger;\n";
    expect(await refusals('server/plan-requests/new-module.ts', internal)).toContain('boundaries/dependencies');
    const app = "import { buildApp } from '../app.ts';\nexport const a = buildApp;\n";
    expect(await refusals('server/plan-requests/new-module.ts', app)).toContain('boundaries/dependencies');
  });

  it("lets a domain use another's service and named entries, its own routes and the layers below", async () => {
    const code = [
      "import { findPlan } from '../plans/plan-service.ts';",
      "import { notifyUser } from '../notifications/notify.ts';",
      "import { instalmentStateSql } from '../figures/figures.ts';",
      "import { badRequest } from '../http/errors.ts';",
      "import { karachiToday } from '../business-time.ts';",
      "import { planRequestMessages } from '../../contract/plan-requests.ts';",
      "import { registerPlanRequestRoutes } from './plan-request-routes.ts';",
      'export const a = [findPlan, notifyUser, instalmentStateSql, badRequest, karachiToday, planRequestMessages, registerPlanRequestRoutes];',
      '',
    ].join('\n');
    expect(await refusals('server/plan-requests/new-module.ts', code)).toEqual([]);
  });

  it('refuses an import cycle in the server', async () => {
    // server/figures/figures.ts imports business-time.ts: business-time.ts importing the figures back closes a circle.
    const code = "import { instalmentStateSql } from './figures/figures.ts';\nexport const karachiToday = instalmentStateSql;\n";
    expect(await refusals('server/business-time.ts', code)).toContain('import-x/no-cycle');
  });
});

describe('the decision records', () => {
  it('each say, under the title, their status and the date they were taken', () => {
    const folder = path.join(process.cwd(), 'docs', 'decisions');
    const records = fs.readdirSync(folder).filter((name) => name.endsWith('.md'));
    expect(records.length).toBeGreaterThan(40);
    const unclear = records.filter((name) => {
      const text = fs.readFileSync(path.join(folder, name), 'utf8');
      return !/^# \d{3}: .+\n\nStatus: .+\n\nDate: \d{4}-\d{2}-\d{2}\n/.test(text);
    });
    expect(unclear).toEqual([]);
  });
});

describe('the copy detector (npm run lint:copies)', () => {
  /** Runs it as `npm test` does, with the project's settings, over a folder of its own and a baseline given. */
  function detect(dir: string, fingerprints: Record<string, number>): number {
    const settings = JSON.parse(fs.readFileSync('.jscpd.json', 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(dir, '.jscpd.json'), JSON.stringify({ ...settings, pattern: 'src/**/*.ts', reporters: ['silent'] }));
    fs.writeFileSync(path.join(dir, 'baseline.json'), JSON.stringify({ version: 1, fingerprints }));
    const run = spawnSync(path.resolve('node_modules/.bin/jscpd'), ['--config', '.jscpd.json', '--baseline', 'baseline.json', '--fail-on-new-clones', '0', '.'], { cwd: dir, encoding: 'utf8' });
    return run.status ?? -1;
  }

  /** A function long enough to count as a copy when it is written twice. */
  const sum = (name: string) =>
    `export function ${name}(rows: { amount: number; status: string }[]): { paid: number; owed: number } {\n` +
    Array.from({ length: 12 }, (_, i) => `  const step${i} = rows.filter((row) => row.status === 'S${i}').reduce((total, row) => total + row.amount * ${i + 1}, 0);`).join('\n') +
    `\n  return { paid: step0 + step1 + step2, owed: step3 + step4 + step5 };\n}\n`;

  it('passes code without a copy, and fails once a block is written a second time', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copies-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src/a.ts'), sum('totals'));
      expect(detect(dir, {})).toBe(0);
      fs.writeFileSync(path.join(dir, 'src/b.ts'), sum('totals'));
      expect(detect(dir, {})).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
