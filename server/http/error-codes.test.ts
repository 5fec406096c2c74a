/** Error codes (error-codes.ts): found from the catalogues' texts, also when a text carries a value. */
import { describe, expect, it } from 'vitest';
import { openTestFile, signUpMember } from '../test/test-app.ts';
import { errorCodes } from './error-codes.ts';

describe('errorCodes', () => {
  const codeOf = errorCodes({
    auth: { invalidCredentials: 'Invalid email or password.', blocked: 'Your account has been blocked.' },
    commission: { rateRange: (level: number) => `Level ${level} rate must be between 0 and 1`, notFound: 'Commission payment not found.' },
    other: { same: 'Invalid email or password.' },
  });

  it('names a catalogue text by its catalogue and key', () => {
    expect(codeOf('Invalid email or password.', 401)).toBe('auth.invalidCredentials');
    expect(codeOf('Commission payment not found.', 404)).toBe('commission.notFound');
  });

  it('finds a text written with a value by the function that writes it', () => {
    expect(codeOf('Level 2 rate must be between 0 and 1', 400)).toBe('commission.rateRange');
    expect(codeOf('Level 2 rate must be between 0 and 2', 400)).toBe('badRequest');
  });

  it('gives a text in no catalogue the code of its status (ok for a success)', () => {
    expect(codeOf('Something else.', 404)).toBe('notFound');
    expect(codeOf('Something else.', 409)).toBe('conflict');
    expect(codeOf('Something else.', 418)).toBe('badRequest');
    expect(codeOf('Something else.', 503)).toBe('serverError');
    expect(codeOf('Something else.', 200)).toBe('ok');
    expect(codeOf('', 201)).toBe('ok');
  });
});

const { ctx, api } = await openTestFile();

describe('error answers', () => {
  it('carry the code beside the message', async () => {
    const wrong = await api.post('/api/auth/login', { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'auth.invalidCredentials', message: 'Invalid email or password.' });

    const invalid = await api.post('/api/auth/login', { email: 'not an email', password: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'validationFailed' });
    expect(Object.keys(invalid.body.errors)).not.toEqual([]);

    expect((await api.get('/api/payments/summary')).body).toMatchObject({ code: 'auth.sessionRequired' });
    const member = await signUpMember(ctx);
    expect((await api.get('/api/admin/audit', member.token)).body).toMatchObject({ code: 'auth.adminRequired' });
    expect((await api.get('/api/no-such-route')).body).toEqual({ success: false, code: 'notFound', message: 'Resource not found.' });
  });
});
