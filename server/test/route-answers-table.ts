/**
 * The table that types the test client's answers (route-answers.ts), written from the routes the app
 * itself registers: each route's success answers and its refusals, named by the contract's schemas.
 * `npm run routes:answers` rewrites the file; route-answers.test.ts fails while it is out of date, so a
 * new route or a changed answer reaches the tests' types without anyone copying a shape by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { withAppAtRest } from './app-at-rest.ts';

const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contract');
export const routeAnswersFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'route-answers.ts');

/** `plan-requests.ts` → `planRequests`: the namespace a contract file is imported under. */
const namespaceOf = (file: string) => file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Every schema the contract exports, by the object itself: `figures.paymentsSummaryAnswer`. */
async function contractSchemaNames(): Promise<{ names: Map<unknown, string>; files: Set<string> }> {
  const names = new Map<unknown, string>();
  const files = new Set<string>();
  for (const file of fs.readdirSync(contractDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort()) {
    const module: Record<string, unknown> = await import(path.join(contractDir, file));
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !names.has(value)) names.set(value, `${namespaceOf(file)}.${name}`);
    }
    files.add(file);
  }
  return { names, files };
}

/** What the app registers, read as it registers it. */
async function registeredRoutes(): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  await withAppAtRest(async () => {}, { onRoute: (route) => void routes.push(route) });
  return routes;
}

/**
 * One answer's type: a contract schema's output, a union of them, or text for a file or a page (the
 * client reads any answer that is not JSON as its text). A JSON answer the contract does not name stops
 * the table: its shape would otherwise live only in a route.
 */
function answerType(route: string, status: string, schema: unknown, names: Map<unknown, string>): string {
  const name = names.get(schema);
  if (name) return `z.output<typeof ${name}>`;
  if (schema instanceof z.ZodUnion) return schema.options.map((option) => answerType(route, status, option, names)).join(' | ');
  if (schema && typeof schema === 'object' && 'content' in schema) return 'string';
  throw new Error(`${route} answers ${status} in a shape the contract does not export: name it in contract/ and use it in the route`);
}

/** The whole file, as text. */
export async function routeAnswersSource(): Promise<string> {
  const { names, files } = await contractSchemaNames();
  const used = new Set<string>();
  const entries: string[] = [];
  for (const route of await registeredRoutes()) {
    // The API document's own pages are not the API.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat().filter((method) => method !== 'HEAD')) {
      const key = `${method} ${route.url}`;
      const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      const refusals = Object.entries(responses).filter(([status]) => !/^2\d\d$/.test(status));
      const answer = successes.length ? [...new Set(successes.map(([status, schema]) => answerType(key, status, schema, names)))].join(' | ') : 'never';
      const refusal = [...new Set(refusals.map(([status, schema]) => answerType(key, status, schema, names)))].join(' | ') || 'never';
      for (const [, namespace] of `${answer} ${refusal}`.matchAll(/typeof (\w+)\./g)) used.add(namespace);
      const url = route.url.replace(/:\w+/g, '${string}');
      entries.push(`  '${key}': { url: \`${url}\`; answer: ${answer}; refusal: ${refusal} };`);
    }
  }
  const imports = [...files].filter((file) => used.has(namespaceOf(file))).map((file) => `import type * as ${namespaceOf(file)} from '../../contract/${file}';`);
  return [
    '/**',
    ' * Each route of the API with the types of its answers, from the contract: written by',
    ' * `npm run routes:answers` from the routes the app registers (route-answers-table.ts); not edited by hand.',
    ' */',
    "import type { z } from 'zod';",
    ...imports,
    '',
    'export type RouteAnswers = {',
    ...entries.sort(),
    '};',
    '',
  ].join('\n');
}
