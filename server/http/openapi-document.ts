/**
 * The OpenAPI document as the route schemas make it (`/api/docs`), completed from what the routes
 * themselves say, so that it never disagrees with them (checked by `npm run lint:api`, Redocly's
 * recommended rules, and by openapi-document.test.ts):
 * - security: a bearer session at the root; a route whose hooks need no session says `security: []`, one
 *   that takes a session when given (optionalUser) says either;
 * - an operationId on every operation, derived from its method and path unless the route declares one;
 * - a receipt form's fields and file as its multipart request body (the form is read in the handler, so
 *   the route declares it in its config, for the document only);
 * - where zod's translation to OpenAPI 3.0 falls short: a nullable enum is written `nullable: true` beside
 *   an `enum` that lacks null, which OpenAPI 3.0.3 reads as "null is not allowed" (the enum wins), and a
 *   nullable union or named schema has no `type` beside its `nullable`. Null is added to such enums,
 *   moved into the union's typed alternatives, and the named schema's type is written beside it;
 * - components no operation refers to are left out.
 */
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sessionOfRoute } from './auth.ts';

type Node = unknown;
type JsonObject = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body is a multipart form read in its handler: the form's text fields and its file, for the API document. */
    multipartForm?: z.ZodObject;
  }
}

export const bearerSecurity = [{ bearer: [] }];

/** `GET /api/admin/groups/:id/details` → `getAdminGroupsByIdDetails`: stable as long as the route is. */
export function operationIdOf(method: string, url: string): string {
  const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const parts = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment.slice(1))] : words(segment)));
  return method.toLowerCase() + parts.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** Each route's part of the document: its schemas in JSON, with its security, operationId and form. */
export function documentRoute(input: TransformInput) {
  const { route } = input;
  const schema = (input.schema ?? {}) as JsonObject;
  const session = sessionOfRoute(route.onRequest);
  const method = [route.method].flat()[0];
  const form = route.config?.multipartForm;
  const completed: JsonObject = {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    // A route that needs a session inherits the document's; the others say what they take.
    ...(schema.security === undefined && session !== 'required' ? { security: session === 'optional' ? [{}, ...bearerSecurity] : [] } : {}),
    ...(form ? { body: form, consumes: ['multipart/form-data'] } : {}),
  };
  return jsonSchemaTransform({ ...input, schema: completed } as Parameters<typeof jsonSchemaTransform>[0]);
}

/** The whole document: the routes' named schemas as components, mended for OpenAPI 3.0, unused ones left out. */
export function documentObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  return withoutUnusedComponents(withNullInNullables(jsonSchemaTransformObject(input)));
}

export function withNullInNullables<T>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, JsonObject> } }).components?.schemas ?? {};
  const mend = (node: Node): Node => {
    if (Array.isArray(node)) return node.map(mend);
    if (!node || typeof node !== 'object') return node;
    const mended = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, mend(value)])) as JsonObject;
    if (mended.nullable === true && Array.isArray(mended.enum) && !mended.enum.includes(null)) mended.enum = [...mended.enum, null];
    // `nullable` needs a `type` beside it in OpenAPI 3.0: a nullable union says it on its typed alternatives.
    const alternatives = (mended.anyOf ?? mended.oneOf) as JsonObject[] | undefined;
    if (mended.nullable === true && mended.type === undefined && alternatives) {
      delete mended.nullable;
      const key = mended.anyOf ? 'anyOf' : 'oneOf';
      mended[key] = alternatives.map((alternative) => (alternative.type !== undefined ? { ...alternative, nullable: true } : alternative));
    }
    // A nullable named schema (`allOf: [{ $ref }]`) takes the type of the schema it names.
    const named = Array.isArray(mended.allOf) && mended.allOf.length === 1 ? (mended.allOf[0] as JsonObject).$ref : undefined;
    if (mended.nullable === true && mended.type === undefined && typeof named === 'string') {
      const type = components[named.replace('#/components/schemas/', '')]?.type;
      if (type !== undefined) mended.type = type;
    }
    return mended;
  };
  return mend(document) as T;
}

/** Leaves out the components that nothing in the paths refers to, directly or through other components. */
export function withoutUnusedComponents<T>(document: T): T {
  const doc = document as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (node: Node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/') ? value.slice('#/components/schemas/'.length) : undefined;
      if (name !== undefined && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      } else visit(value);
    }
  };
  visit(doc.paths);
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } } as T;
}
