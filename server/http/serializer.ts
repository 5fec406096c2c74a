/**
 * Answers are written by their schema: each route's zod response schema becomes a JSON schema once, at
 * start, and fast-json-stringify compiles it into a function that writes exactly the declared fields
 * (fields not in the contract are left out, as zod's parse would). Checking every answer against zod on
 * every request cost more than most handlers' own work, so in production the contract is trusted.
 *
 * With `checkAgainstContract` (the test suite), every answer is also parsed by its zod schema, and the
 * written JSON must equal what zod's output gives: a handler that breaks its contract, or a schema the
 * compiled writer reads differently from zod, fails the test that made the request.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * What fast-json-stringify writes quickly: `anyOf [X, null]` (zod's nullable) becomes a type list, which it
 * writes directly, where an anyOf would make it test each branch with a validator. Applied everywhere.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const schema: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplify(v)]));
  const options = schema.anyOf as JsonSchema[] | undefined;
  if (options?.length === 2) {
    const nullIndex = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    const other = options[1 - nullIndex];
    if (nullIndex >= 0 && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other) && !('$ref' in other)) {
      const { anyOf: _anyOf, ...rest } = schema;
      // An enum (or a const) must then allow null too, or the written value would not match its own schema.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : 'const' in other ? { enum: [other.const, null], const: undefined } : {};
      return JSON.parse(JSON.stringify({ ...rest, ...other, ...values, type: [other.type, 'null'] }));
    }
  }
  return schema;
}

export function toResponseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  return simplify(json) as JsonSchema;
}

export function schemaSerializerCompiler(options: { checkAgainstContract: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = fastJson(toResponseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    if (!options.checkAgainstContract) return write;
    return (data: unknown) => {
      const parsed = schema.safeEncode(data);
      if (parsed.error) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new Error(`The answer of ${method} ${url} is written differently from its contract:\n${written}\n${JSON.stringify(parsed.data)}`);
      }
      return written;
    };
  };
}
