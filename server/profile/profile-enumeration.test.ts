/**
 * PUT /api/profile never tells the caller that an email or CNIC belongs to someone (as registration
 * does not): a taken email is answered exactly as a free one, and so is a taken CNIC, in the answer and
 * in every later view of one's own account. A taken CNIC is held for an administrator; the account that
 * has it is told by email and in the app, in its own language, without anything of the caller.
 */
import { describe, expect, it } from 'vitest';
import { userMessages } from '../../contract/users.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, uniqueEmail, type BodyOf } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

/** An answer with what differs by nature between two members (ids, addresses, times) set aside. */
function shapeOf(body: BodyOf<'PUT', '/api/profile'>) {
  const user = body.user ? { ...body.user, id: '-', email: '-', referralCode: '-', createdAt: '-', lastLoginAt: '-' } : undefined;
  return { ...body, user, data: body.data ? { ...body.data, user: user ? '-' : undefined } : undefined };
}

type Member = Awaited<ReturnType<typeof signUpMember>>;

/**
 * The whole answer as text, with this member's own values written as names: their id, email, referral
 * code, registration and sign-in times, and the CNIC they typed. Two members' answers that are alike but
 * for these are then equal, character for character.
 */
async function ownValuesNamed(member: Member, typedCnic: string, body: unknown) {
  const { rows } = await ctx.db.query<{ created_at: Date; last_login_at: Date | null }>('SELECT created_at, last_login_at FROM users WHERE id = $1', [member.user.id]);
  const named: [string, string][] = [
    [member.user.id, '<id>'],
    [member.email, '<email>'],
    [member.user.referralCode, '<code>'],
    [rows[0].created_at.toISOString(), '<created>'],
    ...(rows[0].last_login_at ? ([[rows[0].last_login_at.toISOString(), '<last login>']] as [string, string][]) : []),
    [typedCnic, '<typed cnic>'],
  ];
  return named.reduce((text, [value, name]) => text.split(value).join(name), JSON.stringify(body));
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
  const TAKEN = '6110112345671';
  const FREE = '6110198765431';

  it('answers the same for one another account has and for a free one, now and in every later view of one’s own account', async () => {
    const holder = await signUpMember(ctx, { name: 'Holder Person', cnic: TAKEN, language: 'ur' });
    const [asker, other] = [await signUpMember(ctx, { name: 'Same Name' }), await signUpMember(ctx, { name: 'Same Name' })];
    const taken = await api.put('/api/profile', { name: 'Same Name', email: asker.email, cnic: '61101-1234567-1' }, asker.token);
    const free = await api.put('/api/profile', { name: 'Same Name', email: other.email, cnic: '61101-9876543-1' }, other.token);
    expect(free.status).toBe(200);
    expect(free.body.user.cnic).toBe(FREE);
    // The whole answers: status, message, code and account, alike but for each member's own values.
    expect(taken.status).toBe(free.status);
    expect(await ownValuesNamed(asker, TAKEN, taken.body)).toBe(await ownValuesNamed(other, FREE, free.body));
    expect(taken.body).toMatchObject({ success: true, code: 'user.profileUpdated', message: userMessages.profileUpdated, user: { cnic: TAKEN } });

    // Every later view of one's own account shows the CNIC typed, as it would had it been free.
    for (const url of ['/api/profile', '/api/auth/me']) {
      const [a, b] = [await api.get(url, asker.token), await api.get(url, other.token)];
      expect(a.status, url).toBe(b.status);
      expect(await ownValuesNamed(asker, TAKEN, a.body), url).toBe(await ownValuesNamed(other, FREE, b.body));
    }
    const [signInA, signInB] = [await api.post('/api/auth/login', { email: asker.email, password: asker.password }), await api.post('/api/auth/login', { email: other.email, password: other.password })];
    expect(signInA.body.user.cnic).toBe(TAKEN);
    const withoutToken = (body: BodyOf<'POST', '/api/auth/login'>) => ({ ...body, token: '-', data: { ...body.data, token: '-' } });
    expect(await ownValuesNamed(asker, TAKEN, withoutToken(signInA.body))).toBe(await ownValuesNamed(other, FREE, withoutToken(signInB.body)));

    // Sending the form again as it now shows (the held CNIC) is answered alike too, and tells nobody twice.
    const again = await api.put('/api/profile', { name: 'Same Name', email: asker.email, cnic: TAKEN }, asker.token);
    const againFree = await api.put('/api/profile', { name: 'Same Name', email: other.email, cnic: FREE }, other.token);
    expect(await ownValuesNamed(asker, TAKEN, again.body)).toBe(await ownValuesNamed(other, FREE, againFree.body));

    // Stored: the free CNIC is the other member's; the taken one stays the holder's, and is held for the asker.
    const stored = await ctx.db.query<{ id: string; cnic: string | null; cnic_claim: string | null }>('SELECT id, cnic, cnic_claim FROM users WHERE id = ANY($1) ORDER BY name, id', [
      [holder.user.id, asker.user.id, other.user.id],
    ]);
    expect(Object.fromEntries(stored.rows.map((r) => [r.id, [r.cnic, r.cnic_claim]]))).toEqual({
      [holder.user.id]: [TAKEN, null],
      [asker.user.id]: [null, TAKEN],
      [other.user.id]: [FREE, null],
    });

    // The holder is told once, in their language (Urdu), by email and in the app, with nothing of the asker.
    const mail = await lastEmailTo(ctx.db, holder.email);
    expect(mail?.subject).toBe('کسی نے آپ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ پر درج کیا');
    expect(mail?.text_body).toContain('Holder Person');
    const notices = await ctx.db.query<{ type: string; title: string; message: string }>('SELECT type, title, message FROM notifications WHERE user_id = $1', [holder.user.id]);
    expect(notices.rows).toEqual([{ type: 'CNIC_CLAIMED', title: 'آپ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ پر درج کیا گیا', message: expect.stringContaining('منتظم') }]);
    const holderMails = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1', [holder.email]);
    expect(holderMails.rows[0].n).toBe(2); // verification at registration, and the one notice
    for (const text of [mail!.text_body, JSON.stringify(notices.rows)]) {
      expect(text).not.toContain(asker.email);
      expect(text).not.toContain('Same Name');
      expect(text).not.toContain(asker.user.id);
    }
    // The free CNIC told nobody.
    expect((await ctx.db.query('SELECT 1 FROM notifications WHERE type = $1 AND data::text LIKE $2', ['CNIC_CLAIM_PENDING', `%${other.user.id}%`])).rowCount).toBe(0);
  });

  it('is shown to administrators as held, with who has it, in the user list, the audit trail and their notifications', async () => {
    const admin = await signInAdmin(ctx);
    const holder = await signUpMember(ctx, { name: 'Second Holder', cnic: '6120112345671' });
    const asker = await signUpMember(ctx, { name: 'Held Asker', cnic: '6120100000001' });
    expect((await api.put('/api/profile', { name: 'Held Asker', email: asker.email, cnic: '6120112345671' }, asker.token)).status).toBe(200);

    const seen = await api.get(`/api/admin/users/${asker.user.id}`, admin.token);
    expect(seen.status).toBe(200);
    expect(seen.body.user.cnic).toBe('6120100000001');
    expect(seen.body.user.cnicClaim).toEqual({ cnic: '6120112345671', claimedAt: expect.any(String), heldBy: { id: holder.user.id, name: 'Second Holder', email: holder.email } });
    expect((await api.get(`/api/admin/users/${holder.user.id}`, admin.token)).body.user).toMatchObject({ cnic: '6120112345671', cnicClaim: null });

    const waiting = await api.get('/api/admin/users?status=cnic_claims&limit=100', admin.token);
    expect(waiting.status).toBe(200);
    const ids = waiting.body.users.map((u) => u.id);
    expect(ids).toContain(asker.user.id);
    expect(ids).not.toContain(holder.user.id);
    expect(waiting.body.users.every((u) => u.cnicClaim !== null)).toBe(true);

    const audit = await api.get(`/api/admin/audit?action=CNIC_CLAIM&entityId=${asker.user.id}`, admin.token);
    expect(audit.body.data.entries).toEqual([
      expect.objectContaining({ action: 'CNIC_CLAIM', entityType: 'user', entityId: asker.user.id, before: { cnic: '6120100000001' }, after: { cnicClaim: '6120112345671', heldBy: holder.user.id } }),
    ]);
    const told = await ctx.db.query<{ title: string; data: { userId: string } }>(`SELECT title, data FROM notifications WHERE user_id = $1 AND type = 'CNIC_CLAIM_PENDING'`, [admin.user.id]);
    expect(told.rows.map((r) => [r.title, r.data.userId])).toContainEqual(['CNIC held for review', asker.user.id]);
  });

  it('answers the same when the unique index refuses the write (another edit took it at the same moment): the edit is made again', async () => {
    const racer = await signUpMember(ctx);
    const member = await signUpMember(ctx, { name: 'Same Name' });
    const other = await signUpMember(ctx, { name: 'Same Name' });
    // The first write of the CNIC makes the racer take it first, inside the same statement: the unique
    // index refuses the write. A sequence (never rolled back) lets that happen once.
    await ctx.db.exec(`
      CREATE SEQUENCE test_take_cnic_once;
      CREATE FUNCTION test_take_cnic() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.cnic = '6220212345671' AND NEW.id <> '${racer.user.id}' THEN
          IF nextval('test_take_cnic_once') = 1 THEN
            UPDATE users SET cnic = '6220212345671' WHERE id = '${racer.user.id}';
          END IF;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_take_cnic BEFORE UPDATE OF cnic ON users FOR EACH ROW EXECUTE FUNCTION test_take_cnic();`);
    try {
      const caught = await api.put('/api/profile', { name: 'Same Name', email: member.email, cnic: '6220212345671' }, member.token);
      const fired = await ctx.db.query<{ n: string }>('SELECT last_value::text AS n FROM test_take_cnic_once');
      expect(fired.rows[0].n).toBe('2');
      const free = await api.put('/api/profile', { name: 'Same Name', email: other.email, cnic: '6220298765431' }, other.token);
      expect(caught.status).toBe(200);
      expect(await ownValuesNamed(member, '6220212345671', caught.body)).toBe(await ownValuesNamed(other, '6220298765431', free.body));
    } finally {
      await ctx.db.exec('DROP TRIGGER test_take_cnic ON users; DROP FUNCTION test_take_cnic(); DROP SEQUENCE test_take_cnic_once;');
    }
  });

  it('takes a free CNIC', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name: 'Test Member', email: member.email, cnic: '71101-1234567-1' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.user.cnic).toBe('7110112345671');
  });
});
