import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiError, GiftCardPurchase, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { migrate, migrationsDir } from '../src/db/migrate.js';
import {
  PURCHASE_ISSUE_JOB,
  purchaseIssueFailed,
  purchaseIssueJob,
} from '../src/services/giftCards/purchases.js';
import {
  BACKOFF_BASE,
  BACKOFF_MAX,
  backoffAfter,
  claimJob,
  enqueueJob,
  failJob,
  type Job,
  type OnJobFailed,
  reapJobs,
} from '../src/services/jobs/queue.js';
import { startJobWorker } from '../src/services/jobs/worker.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { openTestDbFrom } from './helpers/testDb.js';

// Jobs that fail, fail visibly. A run is an attempt from the moment it is claimed, so a run
// whose process died (its lease ran out) counts: it is due again after the backoff, or failed for good after its
// last attempt, never taken forever. The backoff's numbers on a pinned clock. A purchase whose issuing job fails
// for good is `failed` with the reason, and staff retry it (audited), which delivers the cards. The process
// really killed by its job: jobCrash.test.ts.

const LEASE = 1000;
/** The run_at of a job, in ms on the clock. */
const runAt = async (db: Db, id: string) =>
  (await db.one<{ run_at: Date }>('select run_at from jobs where id = $1', [id]))!.run_at.getTime();
const rowOf = (db: Db, id: string) =>
  db.one<{ status: string; attempts: number; last_error: string | null }>(
    'select status, attempts, last_error from jobs where id = $1',
    [id],
  );

/** A clock that stands still until moved. */
function pinnedClock(start = Date.UTC(2030, 0, 15, 12)) {
  let at = start;
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

describe('job attempts', () => {
  let db: Db;
  let close: () => Promise<void>;
  const clock = pinnedClock();
  beforeAll(async () => {
    const opened = await openTestDbFrom('migrated');
    ({ db, close } = opened);
    if (!opened.template) await migrate(db);
  });
  afterAll(() => close?.());

  it('back off 2 s, doubling, at most 10 minutes', () => {
    expect([1, 2, 3, 4, 5, 9, 10, 30].map(backoffAfter)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 512_000, 600_000, 600_000,
    ]);
    expect(BACKOFF_BASE).toBe(2_000);
    expect(BACKOFF_MAX).toBe(600_000);
  });

  it('count a run whose process died: due again after the backoff, then failed for good with the reason', async () => {
    const kind = 'test.dies';
    const { id } = await enqueueJob(db, clock, { kind, payload: { n: 1 }, maxAttempts: 3 });
    const failures: { job: Job; reason: string; at: number }[] = [];
    const onFailed: OnJobFailed = async (tx, job, reason, at) => {
      // In the transaction that marks it failed: the row says so already.
      expect(
        (await tx.one<{ status: string }>('select status from jobs where id = $1', [job.id]))!.status,
      ).toBe('failed');
      failures.push({ job, reason, at: at.getTime() });
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const run = await claimJob(db, clock, `dead-${attempt}`, LEASE, [kind]);
      expect(run).toMatchObject({ id, attempts: attempt, maxAttempts: 3 });
      // Its process dies: no word until the lease runs out. Before then, nothing is reaped or claimed.
      clock.advance(LEASE - 1);
      expect(await reapJobs(db, clock, [kind], onFailed)).toEqual({ requeued: 0, failed: [] });
      expect(await claimJob(db, clock, 'B', LEASE, [kind])).toBeNull();
      clock.advance(2);
      const reaped = await reapJobs(db, clock, [kind], onFailed);
      if (attempt < 3) {
        expect(reaped).toEqual({ requeued: 1, failed: [] });
        // Due after the backoff of this attempt, exactly, and not before.
        expect(await runAt(db, id)).toBe(clock.now().getTime() + backoffAfter(attempt));
        clock.advance(backoffAfter(attempt) - 1);
        expect(await claimJob(db, clock, 'B', LEASE, [kind])).toBeNull();
        clock.advance(1);
      } else {
        expect(reaped.requeued).toBe(0);
        expect(reaped.failed).toEqual([expect.objectContaining({ id, attempts: 3 })]);
      }
    }
    const reason =
      'attempt 3 of 3 stopped: its process ended during the run (no word from it for its whole lease)';
    expect(await rowOf(db, id)).toEqual({ status: 'failed', attempts: 3, last_error: reason });
    expect(failures).toEqual([
      { job: expect.objectContaining({ id, kind, payload: { n: 1 } }), reason, at: clock.now().getTime() },
    ]);
    // Never taken again, however long.
    clock.advance(86_400_000);
    expect(await reapJobs(db, clock, [kind], onFailed)).toEqual({ requeued: 0, failed: [] });
    expect(await claimJob(db, clock, 'B', LEASE, [kind])).toBeNull();
  });

  it('mark a failure for good and its kind’s record in one transaction: a record that fails leaves it running', async () => {
    const kind = 'test.record';
    const { id } = await enqueueJob(db, clock, { kind, maxAttempts: 1 });
    await claimJob(db, clock, 'dead', LEASE, [kind]);
    clock.advance(LEASE + 1);
    const broken: OnJobFailed = async () => {
      throw new Error('record refused');
    };
    await expect(reapJobs(db, clock, [kind], broken)).rejects.toThrow('record refused');
    expect(await rowOf(db, id)).toMatchObject({ status: 'running', attempts: 1 });
    expect((await reapJobs(db, clock, [kind], async () => {})).failed).toHaveLength(1);
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed' });

    // A failure thrown by the last attempt: the same, through failJob.
    const thrown = await enqueueJob(db, clock, { kind, maxAttempts: 1 });
    const run = (await claimJob(db, clock, 'A', LEASE, [kind]))!;
    await expect(failJob(db, clock, run, 'A', new Error('boom'), broken)).rejects.toThrow('record refused');
    expect(await rowOf(db, thrown.id)).toMatchObject({ status: 'running' });
    const seen: string[] = [];
    expect(
      await failJob(db, clock, run, 'A', new Error('boom'), async (_tx, _job, reason) => {
        seen.push(reason);
      }),
    ).toBe('failed');
    expect(seen).toEqual(['boom']);
    // A worker whose run was reaped meanwhile changes nothing, and records nothing.
    expect(await failJob(db, clock, run, 'A', new Error('late'), broken)).toBeNull();
  });

  it('are reaped once and claimed once by workers at the same time', async () => {
    const kind = 'test.race';
    const ids = await Promise.all(
      Array.from({ length: 6 }, async () => (await enqueueJob(db, clock, { kind, maxAttempts: 1 })).id),
    );
    for (const [i] of ids.entries()) await claimJob(db, clock, `dead-${i}`, LEASE, [kind]);
    clock.advance(LEASE + 1);
    const reaped = await Promise.all([1, 2, 3].map(() => reapJobs(db, clock, [kind], async () => {})));
    expect(reaped.flatMap((r) => r.failed.map((j) => j.id)).sort()).toEqual([...ids].sort());
    // Queued anew: six claims at once take six different jobs.
    const fresh = await Promise.all(Array.from({ length: 6 }, () => enqueueJob(db, clock, { kind })));
    const claims = await Promise.all(fresh.map((_, i) => claimJob(db, clock, `w${i}`, LEASE, [kind])));
    expect(new Set(claims.map((c) => c?.id)).size).toBe(6);
  });
});

describe('a purchase whose issuing job fails', () => {
  let server: TestServer;
  let hotelier: TernClient;
  let rival: TernClient;
  let propertyId: string;
  let typeId: string;
  beforeAll(async () => {
    // The test drives the workers itself.
    server = await startTestServer({ jobs: false });
    hotelier = server.client(await server.signIn('hotelier'));
    rival = server.client(await server.signIn('hotelier2'));
    propertyId = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'harbour-view'`,
    ))!.id;
    const plan = (await server.db.one<{ unit_id: string; id: string }>(
      'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
      [propertyId],
    ))!;
    const store = (await server.db.one<{ id: string }>(
      'select id from stores where property_id = $1 limit 1',
      [propertyId],
    ))!;
    typeId = (
      await hotelier.giftCards.createType({
        body: {
          propertyId,
          title: 'A failing night',
          description: 'x',
          price: 100,
          limit: 50,
          storeIds: [store.id],
          ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
          publish: true,
        },
      })
    ).id;
  }, 180_000);
  afterAll(() => server?.close());

  const issued = async (quantity: number) => {
    const p = await hotelier.giftCardPurchases.create({
      body: {
        propertyId,
        giftCardTypeId: typeId,
        name: 'Buyer',
        email: 'buyer@example.com',
        netPrice: 80,
        quantity,
        purchaseState: 'paid',
        recipientsInfo: Array.from({ length: quantity }, (_, i) => ({
          name: `Guest ${i + 1}`,
          email: `failing${i + 1}@example.com`,
        })),
      },
    });
    await hotelier.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId } });
    return p;
  };
  const get = (id: string) => hotelier.giftCardPurchases.get({ params: { id }, query: { propertyId } });
  async function until(read: () => Promise<GiftCardPurchase>, done: (p: GiftCardPurchase) => boolean) {
    const end = Date.now() + 60_000;
    for (;;) {
      const p = await read();
      if (done(p)) return p;
      if (Date.now() > end) throw new Error(`not in time: ${p.issuedStatus} ${p.lastError}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (e: ApiError) => [e.status, e.code],
    );

  it('is failed with its reason after the backoffs, and a retry by staff delivers the cards', async () => {
    const p = await issued(2);
    let broken = true;
    let renders = 0;
    const worker = startJobWorker({
      db: server.db,
      clock: server.clock,
      pollMs: 10,
      onError: () => {},
      handlers: {
        [PURCHASE_ISSUE_JOB]: {
          run: purchaseIssueJob(async () => {
            renders++;
            if (broken) throw new Error('the PDF renderer is out of order');
            return new Uint8Array([37, 80, 68, 70]);
          }),
          onFailed: purchaseIssueFailed,
        },
      },
    });
    try {
      // Each failure waits out its backoff on the server's clock: nothing runs until the clock is moved.
      for (let attempt = 1; attempt < 5; attempt++) {
        await until(
          () => get(p.id),
          (x) => x.lastError !== null && renders === attempt,
        );
        const queued = await get(p.id);
        expect(queued).toMatchObject({
          issuedStatus: 'queued',
          lastError: 'the PDF renderer is out of order',
        });
        await new Promise((r) => setTimeout(r, 100));
        expect(renders, 'before the backoff').toBe(attempt);
        server.clock.advance(backoffAfter(attempt));
      }
      const failed = await until(
        () => get(p.id),
        (x) => x.issuedStatus === 'failed',
      );
      expect(renders).toBe(5);
      expect(failed).toMatchObject({ issuedStatus: 'failed', lastError: 'the PDF renderer is out of order' });
      const listed = await hotelier.giftCardPurchases.list({ query: { propertyId, term: p.generatedId } });
      expect(listed.items.map((x) => [x.issuedStatus, x.lastError])).toEqual([
        ['failed', 'the PDF renderer is out of order'],
      ]);
      // Still failed, however long: nothing is retried by itself.
      server.clock.advance(86_400_000);
      await new Promise((r) => setTimeout(r, 100));
      hotelier = server.client(await server.signIn('hotelier'));
      rival = server.client(await server.signIn('hotelier2'));
      expect((await get(p.id)).issuedStatus).toBe('failed');

      // Another property's staff cannot retry it.
      const other = (await server.db.one<{ property_id: string }>(
        `select property_id from property_users pu join users u on u.id = pu.user_id
          where u.email = 'hotelier2@demo.tern.test' limit 1`,
      ))!.property_id;
      expect(
        await refusal(
          rival.giftCardPurchases.retryIssue({ params: { id: p.id }, body: { propertyId: other } }),
        ),
      ).toEqual([404, 'gift_card_purchase_not_found']);

      broken = false;
      expect(
        await hotelier.giftCardPurchases.retryIssue({ params: { id: p.id }, body: { propertyId } }),
      ).toEqual({ status: 'paid', issuedStatus: 'queued' });
      const done = await until(
        () => get(p.id),
        (x) => x.issuedStatus === 'issued',
      );
      expect(done).toMatchObject({ lastError: null, emailSent: true, recipients: 2 });
      // Each card mailed once; the retry audited with the failure it retried.
      const mails = await server.db.query<{ to: string }>(
        `select m."to" from outbox_mails m where m.kind = 'gift_card' and m."to" like 'failing%' order by 1`,
      );
      expect(mails.map((m) => m.to)).toEqual(['failing1@example.com', 'failing2@example.com']);
      const audits = await server.db.query<{ action: string; changes: unknown }>(
        `select action, changes from audit_log where object_type = 'giftCardPurchase' and object_id = $1 order by at`,
        [p.id],
      );
      expect(audits.map((a) => a.action).slice(-2)).toEqual(['markIssued', 'retryIssue']);
      expect(JSON.stringify(audits.at(-1)!.changes)).toContain('the PDF renderer is out of order');
      // Only a failed purchase is retried.
      expect(
        await refusal(hotelier.giftCardPurchases.retryIssue({ params: { id: p.id }, body: { propertyId } })),
      ).toEqual([409, 'purchase_not_failed']);
    } finally {
      await worker.stop();
    }
  });

  it('is failed when its process dies in every attempt, with that reason', async () => {
    const p = await issued(1);
    const job = (await server.db.one<{ id: string }>('select id from jobs where dedupe_key = $1', [
      `${PURCHASE_ISSUE_JOB}:${p.id}`,
    ]))!;
    // Five workers take it in turn and die (no word from them after the claim).
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        await claimJob(server.db, server.clock, `dead-${attempt}`, LEASE, [PURCHASE_ISSUE_JOB]),
      ).toMatchObject({ id: job.id, attempts: attempt });
      server.clock.advance(LEASE + 1);
      await reapJobs(server.db, server.clock, [PURCHASE_ISSUE_JOB], purchaseIssueFailed);
      expect((await get(p.id)).issuedStatus).toBe(attempt < 5 ? 'queued' : 'failed');
      server.clock.advance(backoffAfter(attempt));
    }
    expect(await get(p.id)).toMatchObject({
      issuedStatus: 'failed',
      lastError:
        'attempt 5 of 5 stopped: its process ended during the run (no word from it for its whole lease)',
    });
    // Retried: a new job with its attempts anew.
    await hotelier.giftCardPurchases.retryIssue({ params: { id: p.id }, body: { propertyId } });
    expect(
      await server.db.query('select status, attempts from jobs where dedupe_key = $1 order by created_at', [
        `${PURCHASE_ISSUE_JOB}:${p.id}`,
      ]),
    ).toEqual([
      { status: 'failed', attempts: 5 },
      { status: 'queued', attempts: 0 },
    ]);
    expect(await get(p.id)).toMatchObject({ issuedStatus: 'queued', lastError: null });
  });
});

describe('migration 052', () => {
  it('fails the purchases left queued by an issuing job that had failed for good, and only those', async () => {
    const { db, close } = await openTestDbFrom('empty');
    const before = mkdtempSync(join(tmpdir(), 'tern-migrations-'));
    try {
      for (const file of readdirSync(migrationsDir))
        if (file < '052') copyFileSync(join(migrationsDir, file), join(before, file));
      await migrate(db, before);
      // Purchases and jobs as an older server left them (their property and type do not matter here).
      await db.exec('set session_replication_role = replica');
      const purchase = async (number: string) =>
        (await db.one<{ id: string }>(
          `insert into gift_card_purchases (generated_id, property_id, gift_card_type_id, issued_status, quantity,
                  net_price, total_amount, full_name, email, queued_at)
           values ($1, gen_random_uuid(), gen_random_uuid(), 'queued', 1, 1, 1, 'B', 'b@example.com', now())
           returning id`,
          [number],
        ))!.id;
      const job = (id: string, status: string, error: string | null, at: string) =>
        db.query(
          `insert into jobs (kind, payload, dedupe_key, status, attempts, last_error, created_at, updated_at, finished_at,
                  locked_by, locked_until)
           values ('purchase.issue', jsonb_build_object('purchaseId', $1::text), 'purchase.issue:' || $1, $2, 5, $3,
                   $4::timestamptz, $4::timestamptz, case when $2 in ('done', 'failed') then $4::timestamptz end,
                   case when $2 = 'running' then 'w' end, case when $2 = 'running' then $4::timestamptz end)`,
          [id, status, error, at],
        );
      const failed = await purchase('AAAAAAAAAAAA');
      await job(failed, 'failed', 'boom', '2030-01-01T00:00:00Z');
      const requeued = await purchase('BBBBBBBBBBBB');
      await job(requeued, 'failed', 'old', '2030-01-01T00:00:00Z');
      await job(requeued, 'queued', null, '2030-01-02T00:00:00Z');
      const running = await purchase('CCCCCCCCCCCC');
      await job(running, 'failed', 'older', '2030-01-01T00:00:00Z');
      await job(running, 'running', null, '2030-01-02T00:00:00Z');
      await db.exec('set session_replication_role = origin');
      await migrate(db);
      expect(
        await db.query(
          'select generated_id, issued_status, issue_error, failed_at from gift_card_purchases order by generated_id',
        ),
      ).toEqual([
        {
          generated_id: 'AAAAAAAAAAAA',
          issued_status: 'failed',
          issue_error: 'boom',
          failed_at: new Date('2030-01-01T00:00:00Z'),
        },
        { generated_id: 'BBBBBBBBBBBB', issued_status: 'queued', issue_error: null, failed_at: null },
        { generated_id: 'CCCCCCCCCCCC', issued_status: 'queued', issue_error: null, failed_at: null },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await close();
    }
  }, 180_000);
});
