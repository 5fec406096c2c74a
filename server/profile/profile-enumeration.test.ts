/**
 * PUT /api/profile never tells the caller that an email or CNIC belongs to someone (as registration
 * does not): a taken email is answered exactly as a free one, and a taken CNIC with a refusal that
 * says nothing of another account, the same whether it was found before the write or by the
 * database's unique index.
 */
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { userMessages } from '../../contract/users.ts';
import { openTestFile, signUpMember, uniqueEmail, type ApiResponse } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

/** An answer with what differs by nature between two members (ids, addresses, times) set aside. */
function shapeOf(body: ApiResponse['body']) {
  const user = body.user ? { ...body.user, id: '-', email: '-', referralCode: '-', createdAt: '-', lastLoginAt: '-' } : undefined;
  return { ...body, user, data: body.data ? { ...body.data, user: user ? '-' : undefined } : undefined };
}

describe('a new email', () => {
  it('answers the same for an address another account has and for a free one', async () => {
    const owner = await signUpMember(ctx);
    const [a, b] = [await signUpMember(ctx, { name: 'Same Name' }), await signUpMember(ctx, { name: 'Same Name' })];
    const mailBefore = ctx.mailQueuedCount();
    const taken = await api.put('/api/profile', { name: 'Same Name', email: owner.email, currentPassword: a.password }, a.token);
    const afterTaken = ctx.mailQueuedCount();
    const free = await api.put('/api/profile', { name: 'Same Name', email: uniqueEmail('free'), currentPassword: b.password }, b.token);
    expect(free.status).toBe(200);
    expect(taken.status).toBe(free.status);
    expect(shapeOf(taken.body)).toEqual(shapeOf(free.body));
    expect(taken.body.message).toBe(`${userMessages.profileUpdated} ${userMessages.emailChangeSent}`);
    expect(taken.body.data.emailChangePending).toBe(true);
    expect(JSON.stringify(taken.body)).not.toMatch(/already|taken|exists/i);
    // Both queue the same mail (a confirmation or the owner's notice, and the caller's security notice) and nudge the worker once alike.
    expect(afterTaken - mailBefore).toBe(1);
    expect(ctx.mailQueuedCount() - afterTaken).toBe(1);
  });
});

describe('a new CNIC', () => {
  it('refuses one another account has without saying so, and the same when the database catches it', async () => {
    await signUpMember(ctx, { cnic: '6110112345671' });
    const member = await signUpMember(ctx);
    const found = await api.put('/api/profile', { name: 'Test Member', email: member.email, cnic: '61101-1234567-1' }, member.token);
    expect(found.status).toBe(400);
    expect(found.body).toEqual({ success: false, code: 'auth.cnicUnusable', message: authMessages.cnicUnusable, errors: { cnic: authMessages.cnicUnusable } });
    expect(JSON.stringify(found.body)).not.toMatch(/already|taken|exists|another account/i);

    // A CNIC that another account takes between the check and the write (two edits at once): the
    // unique index refuses it, with the same answer. Simulated by a trigger that takes it first.
    const racer = await signUpMember(ctx);
    await ctx.db.exec(`
      CREATE FUNCTION test_take_cnic() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.cnic = '6220212345671' AND NEW.id <> '${racer.user.id}' THEN
          UPDATE users SET cnic = '6220212345671' WHERE id = '${racer.user.id}';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_take_cnic BEFORE UPDATE OF cnic ON users FOR EACH ROW EXECUTE FUNCTION test_take_cnic();`);
    try {
      const caught = await api.put('/api/profile', { name: 'Test Member', email: member.email, cnic: '6220212345671' }, member.token);
      expect(caught.status).toBe(found.status);
      expect(caught.body).toEqual(found.body);
    } finally {
      await ctx.db.exec('DROP TRIGGER test_take_cnic ON users; DROP FUNCTION test_take_cnic();');
    }
  });

  it('takes a free CNIC', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name: 'Test Member', email: member.email, cnic: '71101-1234567-1' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.user.cnic).toBe('7110112345671');
  });
});
