/**
 * Every answer with a message carries its code (http/error-codes.ts), so that the web translates it by
 * the code and never by its English: the API document says so for every route, the codes are well
 * formed and name one text each, and the web's English catalogue holds every catalogue text under its
 * code (web/locales/en/server-text.json), word for word, so that a new server text cannot go untranslated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestFile, signInAdmin } from '../test/test-app.ts';
import { errorCodes, OK_CODE, VALIDATION_FAILED_CODE } from './error-codes.ts';
import { messageCatalogues } from '../../contract/message-catalogues.ts';

const { ctx, api } = await openTestFile();

const CODE_FORM = /^[a-z][A-Za-z]*(\.[a-z][A-Za-z0-9]*)*$/;

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** The texts of every catalogue by code; a message function (a text with a value) is left out: it is shown as sent. */
function catalogueTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [name, catalogue] of Object.entries(messageCatalogues)) {
    for (const [key, entry] of Object.entries(catalogue)) if (typeof entry === 'string') texts.set(`${name}.${key}`, entry);
  }
  return texts;
}

describe('the API document', () => {
  const document = ctx.app.swagger() as unknown as OpenApi;
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema?.$ref) return schema;
    return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
  };
  // Each body an answer may have: a union's branches each, as a client may get any of them.
  const bodies = (schema: Schema | undefined): Schema[] => {
    const resolved = resolve(schema);
    if (!resolved) return [];
    const branches = resolved.anyOf ?? resolved.oneOf;
    return branches ? branches.flatMap(bodies) : [resolved];
  };
  const answers = Object.entries(document.paths)
    .filter(([route]) => route.startsWith('/api/') && !route.startsWith('/api/docs'))
    .flatMap(([route, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
          bodies(response.content?.['application/json']?.schema).map((body) => ({ name: `${method.toUpperCase()} ${route} ${status}`, body })),
        ),
      ),
    );

  it('is read (the list is not empty)', () => {
    expect(answers.filter((a) => a.body.properties?.message).length).toBeGreaterThan(100);
  });

  it('declares a required code beside every message, in errors and successes alike', () => {
    const missing = answers
      .filter(({ body }) => body.properties?.message && !(body.properties.code?.type === 'string' && body.required?.includes('code')))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });
});

describe('the catalogue codes', () => {
  const codeOf = errorCodes(messageCatalogues);

  it('are well formed, with the codes of answers no catalogue names', () => {
    const codes = [...Object.entries(messageCatalogues).flatMap(([name, catalogue]) => Object.keys(catalogue).map((key) => `${name}.${key}`)), VALIDATION_FAILED_CODE, OK_CODE];
    for (const status of [200, 201, 400, 401, 403, 404, 405, 409, 413, 414, 415, 418, 429, 500, 503]) codes.push(codeOf('', status));
    expect(codes.filter((code) => !CODE_FORM.test(code))).toEqual([]);
  });

  it('name one text each: a text is answered with a code whose text it is', () => {
    const texts = catalogueTexts();
    // The same text in two catalogues means the same thing and answers with the first one's code.
    const wrong = [...texts].filter(([, text]) => texts.get(codeOf(text, 400)) !== text).map(([code, text]) => `${code}: "${text}" → ${codeOf(text, 400)}`);
    expect(wrong).toEqual([]);
  });
});

describe("the web's English catalogue", () => {
  // The tests run from the project's root (vitest.config.ts).
  const serverText = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'web', 'locales', 'en', 'server-text.json'), 'utf8')) as Record<string, Record<string, string>>;

  it('holds every catalogue text under its code, word for word, and nothing else', () => {
    const held = new Map(Object.entries(serverText).flatMap(([name, texts]) => Object.entries(texts).map(([key, text]) => [`${name}.${key}`, text] as const)));
    expect(Object.fromEntries(held)).toEqual(Object.fromEntries(catalogueTexts()));
  });
});

describe('success answers', () => {
  it('carry the code of their text, or ok when no catalogue has it', async () => {
    const admin = await signInAdmin(ctx);
    const login = await api.post('/api/auth/login', { email: admin.email, password: admin.password });
    expect(login.body).toMatchObject({ success: true, code: 'auth.loggedIn', message: 'Login successful' });
    const readAll = await api.put('/api/notifications/read-all', {}, admin.token);
    expect(readAll.body).toMatchObject({ success: true, code: 'notification.allRead' });
    const health = await api.get('/api/health');
    expect(health.body).toMatchObject({ success: true, code: OK_CODE, message: 'OK' });
  });
});
