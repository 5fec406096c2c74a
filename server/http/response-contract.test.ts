/**
 * Every API route declares what it answers (contract/): a schema for each success status that says
 * every field, and the one error body for 4xx and 5xx. The OpenAPI document at /api/docs is built from
 * the same schemas, so it is read here: an answer typed "anything" (`{}`), or an object that lets
 * undeclared fields through, is a hole in the contract that the web would have to guess around.
 */
import { describe, expect, it } from 'vitest';
import { openTestFile } from '../test/test-app.ts';

const { ctx } = await openTestFile();

type Schema = { [key: string]: unknown };

/** Routes that never succeed, and why: they only say what to do instead. */
const NEVER_SUCCEEDS: Record<string, string> = {
  'POST /api/winners/select': 'automatic selection is disabled; winners are chosen by hand (answers 400)',
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const components = (ctx.app.swagger() as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};

/** The places in a schema that accept anything: `{}`, or an object open to undeclared fields; named schemas (components) are read once. */
function holes(schema: unknown, at: string, read = new Set<string>()): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => holes(s, `${at}[${i}]`, read));
  if (!schema || typeof schema !== 'object') return [];
  const ref = (schema as Schema).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (read.has(name)) return [];
    read.add(name);
    return name in components ? holes(components[name], `${at}→${name}`, read) : [`${at} refers to ${ref}, which is not in the document`];
  }
  const node = schema as Schema;
  const found: string[] = [];
  const meaningful = Object.keys(node).filter((k) => !['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$schema', 'id'].includes(k));
  if (meaningful.length === 0) found.push(`${at} accepts anything`);
  if (node.type === 'object' && !node.properties && !node.additionalProperties && !node.patternProperties && !node.allOf) found.push(`${at} is an object with no fields`);
  if (node.additionalProperties === true || (node.type === 'object' && node.properties && node.additionalProperties === undefined)) {
    found.push(`${at} lets undeclared fields through`);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value)) found.push(...holes(property, `${at}.${name}`, read));
    } else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'not'].includes(key) && typeof value === 'object') {
      found.push(...holes(value, `${at}.${key}`, read));
    }
  }
  return found;
}

describe('the answers of every route', () => {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })));

  it('are all read (the list below is not empty)', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it.each(operations.map((o) => [o.name, o.operation] as const))('%s has a closed schema for each success and the error body', (name, operation) => {
    const responses = operation.responses ?? {};
    const successes = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
    expect(successes.length === 0, 'a success answer is declared, or the route is known never to succeed').toBe(!!NEVER_SUCCEEDS[name]);
    const problems: string[] = [];
    for (const status of successes) {
      const content = responses[status].content ?? {};
      const types = Object.keys(content);
      if (types.length === 0) problems.push(`${status} declares no content`);
      for (const type of types) {
        const schema = content[type].schema;
        // A file (a receipt's image or PDF) is bytes, declared as a binary string.
        if (type !== 'application/json' && schema?.type === 'string' && schema.format === 'binary') continue;
        problems.push(...holes(schema, `${status} ${type}`));
      }
    }
    for (const status of ['4XX', '5XX']) {
      if (!responses[status]) problems.push(`${status} error body is not declared`);
    }
    expect(problems).toEqual([]);
  });
});
