/**
 * The web app's architecture is kept by the lint (eslint.config.js), which `npm test` runs: these
 * tests give it modules that break a rule and check that it refuses them, and one that keeps the
 * rules and check that it passes, so that a change to the configuration cannot switch a rule off
 * unseen.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The tests run from the project's root (vitest.config.ts), where eslint.config.js is.
const eslint = new ESLint({ cwd: process.cwd() });

/** The rules that refuse a module written at `filePath` with this text. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('the web architecture', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const code = "import { memberPaymentsApi } from '../../instalments/member/api.ts';\nexport const a = memberPaymentsApi;\n";
    expect(await refusals('web/features/plans/member/new-module.ts', code)).toContain('boundaries/dependencies');
  });

  it("lets a feature use another feature's public entry, and its own side's files", async () => {
    const code = "import { SummaryTiles } from '../../instalments/member/index.ts';\nimport { planQueryKeys } from './api.ts';\nexport const a = [SummaryTiles, planQueryKeys];\n";
    expect(await refusals('web/features/plans/member/new-module.ts', code)).toEqual([]);
  });

  it('refuses shared code (lib, components) importing a feature', async () => {
    const code = "import { SummaryTiles } from '../features/instalments/member/index.ts';\nexport const a = SummaryTiles;\n";
    expect(await refusals('web/lib/new-module.ts', code)).toContain('boundaries/dependencies');
    expect(await refusals('web/components/new-module.ts', code)).toContain('boundaries/dependencies');
  });

  it('refuses the web app importing the server', async () => {
    const code = "import { buildApp } from '../../server/app.ts';\nexport const a = buildApp;\n";
    expect(await refusals('web/lib/new-module.ts', code)).toContain('boundaries/dependencies');
  });

  it('refuses an import cycle', async () => {
    // web/lib/theme.tsx imports storage-keys.ts: storage-keys.ts importing theme.tsx back closes a circle.
    const code = "import { useTheme } from './theme.tsx';\nexport const storageKeys = {};\nexport const readStorage = useTheme;\nexport const writeStorage = useTheme;\n";
    expect(await refusals('web/lib/storage-keys.ts', code)).toContain('import-x/no-cycle');
  });

  it("refuses the rules of hooks being broken and an image without a text alternative", async () => {
    const hooks = "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await refusals('web/components/new-module.tsx', hooks)).toContain('react-hooks/rules-of-hooks');
    const image = 'export function A() {\n  return <img src="a.png" />;\n}\n';
    expect(await refusals('web/components/new-module.tsx', image)).toContain('jsx-a11y/alt-text');
  });
});
