/**
 * npm run lint:api: the OpenAPI document /api/docs serves, checked by Redocly's recommended rules
 * (redocly.yaml says which warnings stay and why). The document is read from the app itself through
 * inject, on an empty embedded database in memory (server/test/app-at-rest.ts): no server listens, nothing is written to disk but the
 * document, in a temporary folder.
 *
 *   npm run lint:api                  lint (fails on any error)
 *   npm run lint:api -- --out api.json   also keep the document there
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withAppAtRest } from '../server/test/app-at-rest.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { out: { type: 'string' } } });

const document = await withAppAtRest(async (app) => {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${answer.statusCode}`);
  return answer.body;
});
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-api-document-'));
try {
  const file = args.out ? path.resolve(args.out) : path.join(workDir, 'openapi.json');
  fs.writeFileSync(file, document);
  try {
    execFileSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', '--extends', 'recommended', '--config', path.join(root, 'redocly.yaml'), file], { stdio: 'inherit', cwd: root });
  } catch {
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
