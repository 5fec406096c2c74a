/**
 * What the real-use mode of the benchmark needs besides the load itself: many members signed in at once
 * (one session each, written in one statement), the writes that run meanwhile at a steady rate (a member
 * marking a notification read, a member sending an instalment's receipt, the admin approving or
 * rejecting a receipt under review), and the server's own count of cache hits and misses, read from
 * GET /metrics. Without the writes and the many members, a cache is measured at its best case only:
 * one person asking the same thing again and again with nothing changing in between (decision 048).
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { BUSINESS_TIME_ZONE } from '../contract/business-time.ts';
import { PAYMENT_YEAR_MAX, PAYMENT_YEAR_MIN } from '../contract/instalments.ts';

/** A 1×1 PNG: the smallest receipt the product's file checks accept (an IHDR, one IDAT, the IEND). */
const RECEIPT_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2d1a50000000049454e44ae426082',
  'hex',
);
const REJECTION_REASON = 'The amount on the receipt cannot be read.';

/** An instalment a member can send a receipt for: past its due date, unpaid or refused, not under review. */
type OpenInstalment = { paymentId: string; userId: string; groupId: string; amount: number; month: number; year: number };

export type RealUsePeople = {
  /** Sessions of the members reading, one per member. */
  memberTokens: string[];
  /** Sessions of every active admin (the generated dataset has one). */
  adminTokens: string[];
};

export type WriteTargets = {
  /** Notifications of the reading members, unread first: marked read in turn, then again from the start. */
  notifications: { id: string; userId: string }[];
  /** Instalments the reading members can send a receipt for, each member's first before anyone's second. */
  openInstalments: OpenInstalment[];
  /** Instalments already under review in the dataset, oldest first: reviewed once the uploads' are done. */
  underReview: string[];
  /** The bank account the receipts name. */
  bankAccountId: string;
  /** Session token by user id. */
  tokenOf: Map<string, string>;
  adminToken: string;
};

export type RealUse = RealUsePeople & { targets: WriteTargets };

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Signs in `count` members ('all': every member who can sign in and belongs to a group), picked in a
 * fixed order (by a hash of their id) so that runs on one dataset read as the same people, and the
 * admins; finds what the writes will change. `keepStill` (the repeated-read member) is read but never
 * written for, so that the repeated-read table's member stays as the dataset made them.
 */
export async function prepareRealUse(url: string, options: { count: number | 'all'; sessionAgent: string; keepStill: string }): Promise<RealUse> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const members = await client.query<{ id: string }>(
      `SELECT u.id FROM users u
       WHERE u.role = 'USER' AND u.is_active AND NOT u.is_blocked
         AND EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = u.id AND gm.status = 'ACTIVE')
       ORDER BY md5(u.id::text) LIMIT $1`,
      [options.count === 'all' ? null : options.count],
    );
    const admins = await client.query<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked ORDER BY created_at`);
    const userIds = [...members.rows.map((r) => r.id), ...admins.rows.map((r) => r.id)];
    if (members.rows.length === 0 || admins.rows.length === 0) throw new Error('The bench database has no member or no admin who can sign in.');

    // Sessions as server/accounts/sessions.ts writes them (a random token, only its SHA-256 stored), all in one statement.
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, ip, user_agent)
       SELECT user_id, token_hash, now() + interval '1 day', '127.0.0.1', $3 FROM unnest($1::uuid[], $2::text[]) AS s (user_id, token_hash)`,
      [userIds, tokens.map(sha256), options.sessionAgent],
    );
    const tokenOf = new Map(userIds.map((id, i) => [id, tokens[i]]));
    const writers = members.rows.map((r) => r.id).filter((id) => id !== options.keepStill);

    const notifications = await client.query<{ id: string; user_id: string }>(
      `SELECT id, user_id FROM notifications WHERE user_id = ANY($1::uuid[]) ORDER BY read_at IS NULL DESC, md5(id::text) LIMIT 50000`,
      [writers],
    );
    // A member may start only so many uploads in a window (server/receipts/receipt-upload.ts): every
    // member's first instalment comes before anyone's second.
    const open = await client.query<{ id: string; user_id: string; group_id: string; amount: string; month: number; year: number }>(
      `SELECT p.id, p.user_id, p.group_id, p.amount::text AS amount, p.month, p.year
       FROM payments p JOIN group_members gm ON gm.group_id = p.group_id AND gm.user_id = p.user_id AND gm.status = 'ACTIVE'
       WHERE p.user_id = ANY($1::uuid[]) AND p.type = 'INSTALMENT' AND p.status IN ('PENDING', 'OVERDUE', 'REJECTED') AND NOT p.under_review
         AND p.due_date <= (now() AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date AND p.year BETWEEN $2 AND $3
       ORDER BY row_number() OVER (PARTITION BY p.user_id ORDER BY p.due_date DESC), md5(p.id::text)
       LIMIT 50000`,
      [writers, PAYMENT_YEAR_MIN, PAYMENT_YEAR_MAX],
    );
    const underReview = await client.query<{ id: string }>(
      `SELECT id FROM payments WHERE type = 'INSTALMENT' AND under_review AND user_id <> $1 ORDER BY submitted_at, id LIMIT 50000`,
      [options.keepStill],
    );
    const bankAccount = await client.query<{ id: string }>(`SELECT id FROM bank_accounts WHERE is_active ORDER BY is_default DESC, id LIMIT 1`);
    if (!bankAccount.rows[0]) throw new Error('The bench database has no active bank account for the receipts to name.');

    const adminTokens = admins.rows.map((r) => tokenOf.get(r.id)!);
    return {
      memberTokens: members.rows.map((r) => tokenOf.get(r.id)!),
      adminTokens,
      targets: {
        notifications: notifications.rows.map((r) => ({ id: r.id, userId: r.user_id })),
        openInstalments: open.rows.map((r) => ({ paymentId: r.id, userId: r.user_id, groupId: r.group_id, amount: Number(r.amount), month: r.month, year: r.year })),
        underReview: underReview.rows.map((r) => r.id),
        bankAccountId: bankAccount.rows[0].id,
        tokenOf,
        adminToken: adminTokens[0],
      },
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// The writes.

export const WRITE_KINDS = ['notification read', 'receipt upload', 'receipt review'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export type WriteCount = {
  sent: number;
  succeeded: number;
  failed: number;
  /** Failures by status ('no target' when nothing was left to write to, 'error' when no answer came). */
  failures: Record<string, number>;
  /** The first failure's answer, to tell what went wrong. */
  firstFailure?: string;
};

/**
 * Writes at a steady rate, from a schedule fixed at start (write i at start + i / rate), each sent
 * without waiting for the ones before it, so that a slow write does not slow the rate; the kinds take
 * turns. A write that fails is counted, never retried: a failing mix is a fault of the benchmark.
 */
export class WriteLoop {
  readonly #appUrl: string;
  readonly #targets: WriteTargets;
  readonly #intervalMs: number;
  readonly #counts = new Map<WriteKind, WriteCount>(WRITE_KINDS.map((kind) => [kind, { sent: 0, succeeded: 0, failed: 0, failures: {} }]));
  readonly #inFlight = new Set<Promise<void>>();
  /** Instalments the uploads put under review: reviewed before the dataset's. */
  readonly #uploaded: string[] = [];
  #nextNotification = 0;
  #nextInstalment = 0;
  #nextUnderReview = 0;
  #reviews = 0;
  #scheduled = 0;
  #finished = 0;
  #startedAt = 0;
  #stoppedAt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(appUrl: string, targets: WriteTargets, perSecond: number) {
    this.#appUrl = appUrl;
    this.#targets = targets;
    this.#intervalMs = 1000 / perSecond;
  }

  start(): void {
    this.#startedAt = performance.now();
    this.#tick();
  }

  /** Stops scheduling and waits for the writes still on their way. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight]);
    this.#stoppedAt = performance.now();
  }

  /** Writes answered (or failed) so far. */
  get finished(): number {
    return this.#finished;
  }

  get seconds(): number {
    return ((this.#stoppedAt || performance.now()) - this.#startedAt) / 1000;
  }

  counts(): [WriteKind, WriteCount][] {
    return [...this.#counts];
  }

  #tick = () => {
    const kind = WRITE_KINDS[this.#scheduled % WRITE_KINDS.length];
    this.#scheduled++;
    const write = this.#write(kind).finally(() => {
      this.#finished++;
      this.#inFlight.delete(write);
    });
    this.#inFlight.add(write);
    // From the fixed schedule, not from now: a late tick does not push every later write back.
    const next = this.#startedAt + this.#scheduled * this.#intervalMs;
    this.#timer = setTimeout(this.#tick, Math.max(0, next - performance.now()));
  };

  async #write(kind: WriteKind): Promise<void> {
    const count = this.#counts.get(kind)!;
    count.sent++;
    const request = this.#request(kind);
    if (!request) return this.#failed(count, 'no target', `nothing left for a ${kind}`);
    try {
      const response = await fetch(`${this.#appUrl}${request.path}`, {
        method: request.method,
        headers: { authorization: `Bearer ${request.token}`, ...(request.json ? { 'content-type': 'application/json' } : {}) },
        body: request.json ? JSON.stringify(request.json) : request.form,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (!response.ok) return this.#failed(count, String(response.status), `${request.method} ${request.path}: ${response.status} ${text.slice(0, 300)}`);
      count.succeeded++;
      if (kind === 'receipt upload') {
        const id = (JSON.parse(text) as { payment?: { id?: string } }).payment?.id;
        if (id) this.#uploaded.push(id);
      }
    } catch (error) {
      this.#failed(count, 'error', `${request.method} ${request.path}: ${String(error)}`);
    }
  }

  #failed(count: WriteCount, status: string, detail: string) {
    count.failed++;
    count.failures[status] = (count.failures[status] ?? 0) + 1;
    count.firstFailure ??= detail;
  }

  #request(kind: WriteKind): { method: string; path: string; token: string; json?: unknown; form?: FormData } | undefined {
    const t = this.#targets;
    if (kind === 'notification read') {
      if (t.notifications.length === 0) return undefined;
      // Unread ones first; once every one was marked, marking again still writes the row.
      const n = t.notifications[this.#nextNotification++ % t.notifications.length];
      return { method: 'PUT', path: `/api/notifications/${n.id}/read`, token: t.tokenOf.get(n.userId)! };
    }
    if (kind === 'receipt upload') {
      const instalment = t.openInstalments[this.#nextInstalment++];
      if (!instalment) return undefined;
      const form = new FormData();
      form.set('groupId', instalment.groupId);
      form.set('amount', String(instalment.amount));
      form.set('month', String(instalment.month));
      form.set('year', String(instalment.year));
      form.set('paymentMethod', 'BANK_TRANSFER');
      form.set('bankAccountId', t.bankAccountId);
      form.set('receipt', new Blob([RECEIPT_PNG], { type: 'image/png' }), 'receipt.png');
      return { method: 'POST', path: '/api/payments', token: t.tokenOf.get(instalment.userId)!, form };
    }
    const paymentId = this.#uploaded.shift() ?? t.underReview[this.#nextUnderReview++];
    if (!paymentId) return undefined;
    // Most receipts are approved; one in three is refused, as an unreadable one would be.
    const approve = this.#reviews++ % 3 !== 2;
    return {
      method: 'PUT',
      path: `/api/payments/${paymentId}/status`,
      token: t.adminToken,
      json: approve ? { status: 'PAID' } : { status: 'REJECTED', reason: REJECTION_REASON },
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// The caches' hits and misses, as the server counts them.

export type Lookups = { hits: number; misses: number };
export type CacheLookups = Partial<Record<string, Lookups>>;

/** cache_lookups_total from GET /metrics, by cache ('sessions'). */
export async function readCacheLookups(appUrl: string, metricsToken: string): Promise<CacheLookups> {
  const response = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const lookups: CacheLookups = {};
  for (const line of (await response.text()).split('\n')) {
    const match = /^cache_lookups_total\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const cache = (lookups[labels.cache] ??= { hits: 0, misses: 0 });
    if (labels.result === 'hit') cache.hits += Number(match[2]);
    if (labels.result === 'miss') cache.misses += Number(match[2]);
  }
  return lookups;
}

/** The lookups between two readings, by cache. */
export function lookupsBetween(before: CacheLookups, after: CacheLookups): CacheLookups {
  const between: CacheLookups = {};
  for (const [cache, now] of Object.entries(after)) {
    if (!now) continue;
    const then = before[cache] ?? { hits: 0, misses: 0 };
    between[cache] = { hits: now.hits - then.hits, misses: now.misses - then.misses };
  }
  return between;
}
