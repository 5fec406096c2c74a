/**
 * The API document (/api/docs) says what the routes do: who may call each, by which name, with what
 * form, in shapes named once. Redocly's rules run on it in `npm run lint:api`; this reads it as a
 * client generator would, and checks what it says against the routes themselves.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestFile } from '../test/test-app.ts';
import { operationIdOf } from './openapi-document.ts';

const { ctx } = await openTestFile();

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; format?: string }>; required?: string[] } }> };
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = { security?: Record<string, string[]>[]; components?: { securitySchemes?: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };

const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
const operations = Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
// `security: []` (no session) or an empty requirement among others (a session taken when given).
const publicOperations = operations.filter(({ operation }) => operation.security?.length === 0 || operation.security?.some((requirement) => Object.keys(requirement).length === 0));
const withSession = operations.filter((o) => !publicOperations.includes(o));

/** The operation's path with every parameter a fresh id: no record has it. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

describe('the API document', () => {
  it('is read (the lists below are not empty)', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(publicOperations.length).toBeGreaterThan(5);
    expect(withSession.length).toBeGreaterThan(100);
  });

  it('declares the bearer session at its root, and says security: [] on the routes a visitor may call', () => {
    expect(document.components?.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(document.security).toEqual([{ bearer: [] }]);
    const names = publicOperations.map(({ method, path }) => `${method} ${path}`);
    for (const visitorRoute of ['POST /api/auth/login', 'POST /api/auth/register', 'GET /api/health', 'GET /api/public/draw-records/{token}']) {
      expect(names).toContain(visitorRoute);
      expect(publicOperations.find((o) => `${o.method} ${o.path}` === visitorRoute)!.operation.security).toEqual([]);
    }
    // Plans are shown to visitors and, with a session, as the member sees them.
    expect(document.paths['/api/committee-plans'].get.security).toEqual([{}, { bearer: [] }]);
  });

  it.each(withSession.map((o) => [`${o.method} ${o.path}`, o] as const))('%s needs the session it is documented to need', async (_name, { method, path }) => {
    const answer = await ctx.app.inject({ method: method as 'GET', url: urlOf(path) });
    expect(answer.statusCode).toBe(401);
  });

  it.each(publicOperations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s answers a visitor, as documented', async (_name, { method, path }) => {
    const answer = await ctx.app.inject({ method: method as 'GET', url: urlOf(path) });
    expect(answer.statusCode).not.toBe(401);
  });

  it('names every operation once, after its method and path unless the route names it', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/api/admin/groups/{id}/details'].get.operationId).toBe('getAdminGroupsByIdDetails');
    expect(operationIdOf('GET', '/api/winners/eligible-members/:committeeId/:groupNumber')).toBe('getWinnersEligibleMembersByCommitteeIdByGroupNumber');
  });

  it('gives every receipt upload its multipart form: the fields and the file', () => {
    const forms = {
      'POST /api/payments': ['groupId', 'amount', 'month', 'year', 'bankAccountId'],
      'POST /api/payments/subscribe': ['planId', 'amount', 'bankAccountId'],
      'POST /api/plan-payments/{id}/upload-receipt': [],
    };
    for (const [name, fields] of Object.entries(forms)) {
      const [method, path] = name.split(' ');
      const schema = document.paths[path][method.toLowerCase()].requestBody?.content?.['multipart/form-data']?.schema;
      expect(schema?.properties?.receipt, name).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
      expect(schema?.required, name).toEqual(expect.arrayContaining([...fields, 'receipt']));
    }
  });

  it('names the shapes many answers share once, as components', () => {
    const errorBodies = operations.flatMap(({ operation }) => ['4XX', '5XX'].map((status) => operation.responses?.[status]?.content?.['application/json']?.schema?.$ref));
    expect(new Set(errorBodies)).toEqual(new Set(['#/components/schemas/ErrorBody']));
    expect(document.paths['/api/payments/{id}'].get.responses?.['200']?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/PaymentAnswer');
  });
});
