/**
 * Hostile requests for every operation of an OpenAPI document, generated deterministically from a
 * seed: the same seed always gives the same requests, so a failing case can be replayed exactly.
 *
 * Each operation starts from a request that would be accepted (real ids where the caller knows
 * them, valid values elsewhere) and breaks one thing at a time: a path parameter, a query
 * parameter, one field of the JSON body, the body as a whole, its encoding or its content type.
 * Starting from a valid request matters: a broken amount only reaches the code that stores
 * amounts when everything else about the request is right.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiResponse = { description?: string; content?: Record<string, { schema?: JsonSchema }> };
type OpenApiOperation = {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, OpenApiResponse>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, with {name} placeholders. */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  jsonBody?: JsonSchema;
  /** The route reads multipart/form-data itself (a receipt upload): its request body in the document. */
  multipart: boolean;
  responses: Record<string, OpenApiResponse>;
};

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Every documented operation except the documentation's own pages. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      operations.push({
        method: upper as Operation['method'],
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
        jsonBody: op.requestBody?.content?.['application/json']?.schema,
        multipart: op.requestBody?.content?.['multipart/form-data'] !== undefined,
        responses: op.responses ?? {},
      });
    }
  }
  return operations;
}

/** mulberry32: small, fast and good enough to pick test values; never used for anything secret. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable number for a text, so that each operation gets its own stream of values from one seed. */
function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

type Random = () => number;
function sample<T>(random: Random, values: readonly T[], count: number): T[] {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return chosen;
}

/** A JSON number written exactly as given: 99999999999999999999 or -0 do not survive JSON.stringify. */
class RawJson {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}
const raw = (text: string) => new RawJson(text);

/** JSON text of a value, keeping RawJson numbers verbatim and own "__proto__" keys as keys. */
function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with an own key, even "__proto__" (an object literal would set the prototype instead). */
function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const HUGE_STRING_LENGTH = 100_001;

/** Numbers a careless handler stores, multiplies or compares wrongly. */
const hostileNumbers: unknown[] = [
  -1,
  0,
  0.5,
  1.005,
  raw('1e308'),
  raw('-0'),
  raw('99999999999999999999'),
  raw('9007199254740993'),
  raw('1e-7'),
  raw('-1e308'),
  'NaN',
  'Infinity',
];

/** Texts that break storage, rendering or parsing when they are trusted. */
const hostileStrings: string[] = [
  // The first five go into every text field; the rest are sampled by the seed.
  '',
  'x'.repeat(HUGE_STRING_LENGTH),
  'NUL\u0000inside',
  'lone \ud800 surrogate',
  '\u202eRTL override\u200f mark, emoji 👨‍👩‍👧‍👦🕋',
  'trailing \udc00',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '99999999999999999999',
  '   ',
  "quote ' and \" and \\ and ; --",
  '<script>alert(1)</script>',
  '%00%2e%2e%2f',
  'مرحبا بالعالم',
  '\r\nInjected-Header: yes',
];

const hostileBooleans: unknown[] = ['true', 1, 0, 'yes'];

/** Path values: not ids, too long for the router or the schema, unicode, traversal, bad escapes. */
const hostilePathValues: string[] = [
  'not-a-uuid',
  '12345',
  '-1',
  '1e308',
  '99999999999999999999',
  'x'.repeat(150),
  '9'.repeat(5000),
  encodeURIComponent('مرحبا\u202e👋'),
  '..%2f..%2fetc%2fpasswd',
  '..%252f..%252f',
  '%00',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  encodeURIComponent("1' OR '1'='1"),
  '__proto__',
  'constructor',
];

/** Query values, written into the URL as they are (some are deliberately badly escaped); the first list goes into every parameter. */
const alwaysQueryValues: string[] = ['abc', 'x'.repeat(HUGE_STRING_LENGTH), '%00'];
const hostileQueryValues: string[] = [
  '-1',
  '0',
  '1.5',
  '1e308',
  '99999999999999999999',
  'NaN',
  '',
  encodeURIComponent('emoji 👋 \u202e RTL'),
  '%ZZ',
  '%ED%A0%80',
  encodeURIComponent("' OR 1=1 --"),
  'true',
  'all',
];

/** What the fuzzer knows of the application's data: real ids make a request reach deeper. */
export type FuzzTargets = {
  /** The value of a path parameter that names a real record, if one is known. */
  pathParam(path: string, name: string): string | undefined;
  /** A valid value for a body, form or query field with this name, if the caller knows one. */
  field(op: Operation, name: string): unknown;
};

export type FuzzCase = {
  /** Stable within a seed: `${operation} #${index}`. */
  id: string;
  label: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** A valid value for a schema, preferring what the caller knows about the field name. */
function validValue(schema: JsonSchema | undefined, name: string, op: Operation, targets: FuzzTargets, random: Random): unknown {
  const known = targets.field(op, name);
  if (known !== undefined) return known;
  if (!schema) return 'value';
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return validValue(variants[variants.length - 1], name, op, targets, random);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = schema.maximum ?? Math.max(min, 1000);
      return Math.min(max, Math.max(min, 1));
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => validValue(schema.items, name, op, targets, random));
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) body[key] = validValue(property, key, op, targets, random);
      return body;
    }
    default: {
      if (schema.pattern) return 'A1';
      const text = `Fuzz ${name} ${Math.floor(random() * 1e6)}`;
      return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
    }
  }
}

/** A value of the wrong JSON type for a schema. */
function wrongType(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return '12';
    case 'boolean':
      return 'false';
    case 'array':
      return { 0: 'not', length: 1 };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { nested: { value: [1, 'two', null] } };
  }
}

function hostileValuesFor(schema: JsonSchema | undefined, random: Random): unknown[] {
  const type = Array.isArray(schema?.type) ? schema.type[0] : (schema?.type ?? schema?.anyOf?.[schema.anyOf.length - 1]?.type);
  switch (type) {
    case 'integer':
    case 'number':
      // Every hostile number: numeric fields are few and are where money is.
      return hostileNumbers;
    case 'boolean':
      return sample(random, hostileBooleans, 2);
    case 'array':
      return [[], Array.from({ length: 10_000 }, (_, i) => `item ${i}`), [null], [{ nested: true }], ...sample(random, hostileStrings, 2).map((s) => [s])];
    case 'object':
      return [{}, raw('{"__proto__":{"polluted":"yes"}}')];
    default:
      return [...hostileStrings.slice(0, 5), ...sample(random, hostileStrings.slice(5), 2)];
  }
}

/** Keys a client must never be able to set: ownership, roles, states, money flags, timestamps. */
const privilegedFields: Record<string, unknown> = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  role: 'ADMIN',
  isAdmin: true,
  isBlocked: false,
  isActive: true,
  isVerified: true,
  emailVerified: true,
  status: 'APPROVED',
  referralCode: 'STOLEN01',
  referredBy: '00000000-0000-4000-8000-000000000003',
  commissionPaid: true,
  createdAt: '2000-01-01T00:00:00.000Z',
  passwordHash: 'not-a-hash',
  unknownField: 'unknown',
};

const FORM_FIELDS = ['planId', 'groupId', 'committeeId', 'amount', 'month', 'year', 'paymentMethod', 'bankAccountId', 'notes', 'description'];

/** A multipart body built byte by byte, so that names, filenames and types can be anything. */
function multipartPayload(fields: [string, string][], files: { field: string; name: string; type: string; data: Buffer }[] = []) {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2d1a50000000049454e44ae426082',
  'hex',
);

/** All the hostile requests for one operation, from its own stream of the seed. */
export function casesFor(op: Operation, seed: number, targets: FuzzTargets): FuzzCase[] {
  const random = seededRandom(seed ^ hashText(operationKey(op)));
  const cases: Omit<FuzzCase, 'id'>[] = [];

  const pathValues: Record<string, string> = {};
  for (const param of op.pathParams) {
    pathValues[param.name] = targets.pathParam(op.path, param.name) ?? encodeURIComponent(String(validValue(param.schema, param.name, op, targets, random)));
  }
  const baseQuery: [string, string][] = op.queryParams
    .filter((param) => param.required)
    .map((param) => [param.name, encodeURIComponent(String(validValue(param.schema, param.name, op, targets, random)))]);

  const urlWith = (paths: Record<string, string>, query: [string, string][]) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => paths[name]);
    return query.length ? `${path}?${query.map(([key, value]) => `${key}=${value}`).join('&')}` : path;
  };
  const baseUrl = urlWith(pathValues, baseQuery);
  const baseBody = op.jsonBody ? (validValue(op.jsonBody, 'body', op, targets, random) as Record<string, unknown>) : undefined;
  const json = { 'content-type': 'application/json' };
  const add = (label: string, url: string, payload?: string | Buffer, headers: Record<string, string> = payload === undefined ? {} : json) =>
    cases.push({ label, method: op.method, url, headers, payload });
  const withBase = (label: string, url: string) => add(label, url, baseBody ? jsonText(baseBody) : undefined);

  // Path parameters.
  for (const param of op.pathParams) {
    for (const value of hostilePathValues) withBase(`path ${param.name}=${value.slice(0, 40)}`, urlWith({ ...pathValues, [param.name]: value }, baseQuery));
  }

  // Query parameters: wrong types and hostile values per parameter, then shapes no schema expects.
  for (const param of op.queryParams) {
    const others = baseQuery.filter(([key]) => key !== param.name);
    const values = [...alwaysQueryValues, ...sample(random, hostileQueryValues, 3)];
    for (const value of values) add(`query ${param.name}=${value.slice(0, 40)}`, urlWith(pathValues, [...others, [param.name, value]]));
    add(`query ${param.name} repeated`, urlWith(pathValues, [...others, [param.name, '1'], [param.name, '2']]));
    add(`query ${param.name}[] bracketed`, urlWith(pathValues, [...others, [`${param.name}[]`, '1'], [`${param.name}[x]`, '2']]));
  }
  const everyQueryRepeated: [string, string][] = op.queryParams.flatMap((p) => [
    [p.name, '1'],
    [p.name, 'two'],
  ]);
  add('query every key repeated', urlWith(pathValues, [...baseQuery, ...everyQueryRepeated]));
  add('query __proto__', urlWith(pathValues, [...baseQuery, ['__proto__', 'x'], ['__proto__[polluted]', 'yes']]));
  add('query constructor.prototype', urlWith(pathValues, [...baseQuery, ['constructor', 'x'], ['constructor[prototype][polluted]', 'yes'], ['constructor.prototype.polluted', 'yes']]));
  add('query hasOwnProperty/toString', urlWith(pathValues, [...baseQuery, ['hasOwnProperty', '1'], ['toString', '1'], ['valueOf', '1']]));
  add('query 2000 unknown keys', urlWith(pathValues, [...baseQuery, ...Array.from({ length: 2000 }, (_, i): [string, string] => [`k${i}`, String(i)])]));

  if (op.jsonBody && baseBody) {
    const properties = op.jsonBody.properties ?? {};
    add('body valid', baseUrl, jsonText(baseBody));
    for (const [name, schema] of Object.entries(properties)) {
      add(`body ${name} wrong type`, baseUrl, jsonText({ ...baseBody, [name]: wrongType(schema) }));
      add(`body ${name} null`, baseUrl, jsonText({ ...baseBody, [name]: null }));
      for (const value of hostileValuesFor(schema, random)) {
        const shown = value instanceof RawJson ? value.text : JSON.stringify(value)?.slice(0, 40);
        add(`body ${name}=${shown}`, baseUrl, jsonText({ ...baseBody, [name]: value }));
      }
    }
    for (const name of op.jsonBody.required ?? []) {
      const { [name]: _missing, ...rest } = baseBody;
      add(`body without required ${name}`, baseUrl, jsonText(rest));
    }
    add('body with privileged and unknown fields', baseUrl, jsonText({ ...baseBody, ...privilegedFields }));
    add('body __proto__ key', baseUrl, jsonText(withKey(baseBody, '__proto__', { polluted: 'yes', role: 'ADMIN' })));
    add('body constructor.prototype key', baseUrl, jsonText({ ...baseBody, constructor: { prototype: { polluted: 'yes' } } }));
    const firstField = Object.keys(properties)[0];
    if (firstField) add('body nested __proto__ in a field', baseUrl, jsonText({ ...baseBody, [firstField]: withKey({}, '__proto__', { polluted: 'yes' }) }));
    add('body array of the valid body', baseUrl, jsonText([baseBody]));
  }

  if (op.method !== 'GET') {
    // Whole bodies a JSON route does not expect, and bodies a body-less route should ignore or refuse.
    const text = baseBody ? jsonText(baseBody) : '{"unexpected":true}';
    add('body is an empty array', baseUrl, '[]');
    add('body is a number', baseUrl, '42');
    add('body is a string', baseUrl, '"text"');
    add('body is null', baseUrl, 'null');
    add('body is true', baseUrl, 'true');
    add('body is empty with a JSON content type', baseUrl, '');
    add('body is truncated JSON', baseUrl, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
    add('body has single quotes', baseUrl, "{'name': 'x'}");
    add('body has trailing garbage', baseUrl, `${text}garbage`);
    add('body nested 5000 deep', baseUrl, `${'['.repeat(5000)}${']'.repeat(5000)}`);
    add('body is over the size limit', baseUrl, jsonText({ ...(baseBody ?? {}), padding: 'x'.repeat(1024 * 1024 + 10) }));
    add('body has invalid UTF-8', baseUrl, Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]));
    add('body is JSON sent as text/plain', baseUrl, text, { 'content-type': 'text/plain' });
    add('body is a urlencoded form', baseUrl, 'role=ADMIN&__proto__[polluted]=yes', { 'content-type': 'application/x-www-form-urlencoded' });
    add('body is XML', baseUrl, '<?xml version="1.0"?><a>1</a>', { 'content-type': 'application/xml' });
    add('body is JSON in a declared latin1 charset', baseUrl, text, { 'content-type': 'application/json; charset=latin1' });
    add('body without a content type', baseUrl, text, {});
    add('body content type is garbage', baseUrl, text, { 'content-type': ';;;/\u00ff' });
    const junk = multipartPayload([
      ['__proto__', 'yes'],
      ['role', 'ADMIN'],
    ]);
    add('body is a multipart form', baseUrl, junk.payload, { 'content-type': junk.contentType });
    add('body is multipart without a boundary', baseUrl, junk.payload, { 'content-type': 'multipart/form-data' });
  }

  if (op.multipart) {
    // The form routes: every known form field broken in turn, then the file itself.
    const formBase: [string, string][] = FORM_FIELDS.map((name) => [name, String(validValue(undefined, name, op, targets, random))]);
    const receipt = { field: 'receipt', name: 'receipt.png', type: 'image/png', data: PNG };
    const form = (label: string, fields: [string, string][], files = [receipt]) => {
      const body = multipartPayload(fields, files);
      add(label, baseUrl, body.payload, { 'content-type': body.contentType });
    };
    form('form valid', formBase);
    for (const [name] of formBase) {
      for (const value of ['abc', '-1', '1e308', '99999999999999999999', ...sample(random, hostileStrings.filter((s) => s.length < 10_000), 3)]) {
        form(`form ${name}=${value.slice(0, 40)}`, formBase.map(([key, v]): [string, string] => [key, key === name ? value : v]));
      }
      form(`form ${name} huge`, formBase.map(([key, v]): [string, string] => [key, key === name ? 'x'.repeat(20_000) : v]));
      form(`form without ${name}`, formBase.filter(([key]) => key !== name));
    }
    form('form with privileged fields', [...formBase, ...Object.entries(privilegedFields).map(([k, v]): [string, string] => [k, String(v)])]);
    form('form with __proto__ fields', [['__proto__', 'x'], ['constructor', 'y'], ...formBase]);
    form('form without a file', formBase, []);
    form('form file is text named .png', formBase, [{ ...receipt, data: Buffer.from('just text') }]);
    form('form file is empty', formBase, [{ ...receipt, data: Buffer.alloc(0) }]);
    form('form file name traverses', formBase, [{ ...receipt, name: '../../../etc/passwd\u0000.png' }]);
    form('form file name is unicode and long', formBase, [{ ...receipt, name: `${'\u202e👋'.repeat(200)}.png` }]);
    form('form two files', formBase, [receipt, { ...receipt, field: 'receipt' }]);
    form('form file under another field', formBase, [{ ...receipt, field: 'other' }]);
    form('form 30 fields', Array.from({ length: 30 }, (_, i): [string, string] => [`f${i}`, 'x']));
  }

  return cases.map((c, index) => ({ ...c, id: `${operationKey(op)} #${index}` }));
}

/** A short description of a request for a failure message. */
export function describeCase(c: FuzzCase): string {
  const url = c.url.length > 160 ? `${c.url.slice(0, 160)}…(${c.url.length} chars)` : c.url;
  const body =
    c.payload === undefined ? '' : ` body=${(typeof c.payload === 'string' ? c.payload : c.payload.toString('latin1')).slice(0, 160).replace(/\r\n/g, '⏎')}${c.payload.length > 160 ? `…(${c.payload.length} bytes)` : ''}`;
  return `${c.id} [${c.label}] ${c.method} ${url} ${JSON.stringify(c.headers)}${body}`;
}
