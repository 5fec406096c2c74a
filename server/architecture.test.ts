/**
 * The server's architecture, as far as the lint keeps it (eslint.config.js, run by `npm test`): these
 * tests give it modules that break a rule and check that it refuses them, and modules that keep the
 * rules and check that it lets them pass, so that a change to the configuration cannot switch a rule
 * off unseen.
 */
import fs from 'node:fs';
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
    expect(await refusals('server/payments/new-module.ts', support)).toContain('no-restricted-imports');
    const library = "import { expect } from 'vitest';\nexport const a = expect;\n";
    expect(await refusals('server/payments/new-module.ts', library)).toContain('no-restricted-imports');
  });

  it('lets a test, and the test support itself, use them', async () => {
    const support = "import { createTestContext } from '../test/test-app.ts';\nexport const a = createTestContext;\n";
    expect(await refusals('server/payments/new-module.test.ts', support)).toEqual([]);
    expect(await refusals('server/test/new-support.ts', "import { expect } from 'vitest';\nexport const a = expect;\n")).toEqual([]);
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
