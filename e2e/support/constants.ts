import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = 5179;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'mail');
export const E2E_ADMIN = { email: 'admin@umrah.test', password: 'admin-pass-123' };
