/** Answers written by schema say what zod's output says, and an answer that breaks its contract is refused in the suite. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSerializerCompiler, toResponseJsonSchema } from './serializer.ts';

const member = z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() });
const schema = z.object({
  success: z.literal(true),
  amount: z.number(),
  when: z.iso.datetime().nullable(),
  members: z.array(member),
  winner: member.nullable(),
  state: z.enum(['PAID', 'OVERDUE']),
  extra: z.record(z.string(), z.unknown()),
  maybe: z.string().optional(),
});

const compile = (check: boolean) => schemaSerializerCompiler({ checkAgainstContract: check })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

const answer = {
  success: true,
  amount: 1500.5,
  when: null,
  members: [{ id: 'a', name: 'Ayesha', phone: null, password: 'never written' }],
  winner: { id: 'b', name: 'Bilal', phone: '03001234567' },
  state: 'OVERDUE',
  extra: { nested: [1, 'two'] },
  internal: 'left out',
};

describe('answers written by schema', () => {
  it('write what zod would give: declared fields only, nulls, nested records', () => {
    for (const check of [false, true]) {
      const written = JSON.parse(compile(check)(answer));
      expect(written).toEqual(JSON.parse(JSON.stringify(schema.parse(answer))));
      expect(written.members[0]).not.toHaveProperty('password');
      expect(written).not.toHaveProperty('internal');
      expect(written).not.toHaveProperty('maybe');
    }
  });

  it('a nullable field is a type list, not a branch to test', () => {
    const json = toResponseJsonSchema(schema) as { properties: Record<string, { type?: unknown; anyOf?: unknown }> };
    expect(json.properties.when.type).toEqual(['string', 'null']);
    expect(json.properties.winner.type).toEqual(['object', 'null']);
    expect(json.properties.winner.anyOf).toBeUndefined();
  });

  it('in the suite, an answer that breaks its contract is refused', () => {
    expect(() => compile(true)({ ...answer, amount: 'a lot' })).toThrow();
    expect(() => compile(true)({ ...answer, state: 'LOST' })).toThrow();
  });
});
