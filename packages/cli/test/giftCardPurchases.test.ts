import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GiftCardPurchase, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern gift-cards purchases`: a property's staff make a purchase with the issue form's rules (core's), list
// it, mark it paid and issued (core's purchase rules refuse what it does not allow before any call).

let server: TestServer;
let api: TernClient;
let propertyId: string;
let configDir: string;
let dir: string;
let typeId: string;

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  api = server.client(reply.token);
  propertyId = (await api.auth.currentUser()).ternHotels[0]!.id;
  const store = (await api.stores.list({ query: { propertyId } })).items[0]!.id;
  typeId = (
    await api.giftCards.createType({
      body: {
        propertyId,
        giftcardType: 2,
        title: 'Purchased spa day',
        description: '<p>A day at the spa</p>',
        price: 120,
        limit: 5,
        storeIds: [store],
        publish: true,
      },
    })
  ).id;
  configDir = await signedInAt(server.url, 'hotelier');
  dir = await mkdtemp(join(tmpdir(), 'tern-purchases-'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (args: string[]) =>
  runCli(['gift-cards', 'purchases', ...args, '--api-url', server.url, '--property', propertyId], {
    configDir,
  });

describe('tern gift-cards purchases', () => {
  it('creates a purchase from a recipients file, lists it, marks it paid and issued once', async () => {
    const file = join(dir, 'recipients.csv');
    await writeFile(file, 'Anna,anna@example.com\nBo,bo@example.com\n');
    const made = await tern([
      'create',
      '--type',
      typeId,
      '--name',
      'Acme',
      '--email',
      'acme@example.com',
      '--quantity',
      '2',
      '--recipients',
      file,
      '--unpaid',
      '--json',
    ]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const purchase = JSON.parse(made.stdout) as GiftCardPurchase;
    expect(purchase).toMatchObject({
      status: 'initiated',
      issuedStatus: 'pending',
      quantity: 2,
      netPrice: 120,
      totalAmount: 240,
      orderRecipients: [
        { name: 'Anna', email: 'anna@example.com' },
        { name: 'Bo', email: 'bo@example.com' },
      ],
    });

    const list = await tern(['list', '--search', purchase.generatedId]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(purchase.generatedId);
    expect(list.stdout).toMatch(/back office\s+unpaid\s+pending\s+2\s+ISK 240\s+Acme/);
    const ofStore = await tern(['list', '--search', purchase.generatedId, '--source', 'store']);
    expect(ofStore.stdout).toBe('No purchases.\n');
    const ofOffice = await tern(['list', '--search', purchase.generatedId, '--source', 'back_office']);
    expect(ofOffice.stdout).toContain(purchase.generatedId);

    expect((await tern(['mark-paid', purchase.generatedId, '--yes'])).stdout).toBe(
      `${purchase.generatedId}: paid, pending\n`,
    );
    const again = await tern(['mark-paid', purchase.generatedId, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already paid');

    expect((await tern(['mark-issued', purchase.generatedId, '--yes'])).stdout).toBe(
      `${purchase.generatedId}: paid, queued\n`,
    );
    const twice = await tern(['mark-issued', purchase.generatedId, '--yes']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already (queued|issued)/);
    expect((await api.giftCards.getType({ params: { id: typeId }, query: { propertyId } })).stock).toBe(3);
  });

  it('shows a failed delivery with its reason and retries it once, confirmed', async () => {
    // A type of its own: the other tests count the stock of theirs.
    const own = await api.giftCards.createType({
      body: {
        propertyId,
        giftcardType: 2,
        title: 'Failing spa day',
        description: '<p>A day at the spa</p>',
        price: 120,
        limit: 5,
        storeIds: [(await api.stores.list({ query: { propertyId } })).items[0]!.id],
        publish: true,
      },
    });
    const made = await api.giftCardPurchases.create({
      body: {
        propertyId,
        giftCardTypeId: own.id,
        name: 'Failing',
        email: 'failing@example.com',
        netPrice: 120,
        quantity: 1,
        purchaseState: 'paid',
      },
    });
    const early = await tern(['retry', made.generatedId, '--yes']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('is pending: only a purchase whose delivery failed is retried');
    // As the job leaves it after its last attempt (jobs.test.ts in the server makes it so for real).
    await api.giftCardPurchases.markIssued({ params: { id: made.id }, body: { propertyId } });
    await server.db.query(`delete from jobs where payload->>'purchaseId' = $1`, [made.id]);
    await server.db.query(
      `update gift_card_purchases set issued_status = 'failed', issue_error = 'the mail server said no',
              failed_at = now() where id = $1`,
      [made.id],
    );
    const list = await tern(['list', '--search', made.generatedId]);
    expect(list.stdout).toMatch(/paid\s+failed\s+1/);
    expect(list.stdout).toContain(
      `${made.generatedId}: delivery failed: the mail server said no (tern gift-cards purchases retry ${made.generatedId})`,
    );
    const retried = await tern(['retry', made.generatedId, '--yes', '--json']);
    expect(retried.stderr).toBe('');
    expect(JSON.parse(retried.stdout)).toEqual({ status: 'paid', issuedStatus: 'queued' });
    const again = await tern(['retry', made.generatedId, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is (queued|issued): only a purchase whose delivery failed is retried/);
    // Without a terminal and without --yes, nothing is asked and nothing changes.
    await server.db.query(
      `update gift_card_purchases set issued_status = 'failed', issue_error = 'again', failed_at = now(),
              issued_at = null where id = $1`,
      [made.id],
    );
    const unasked = await tern(['retry', made.generatedId]);
    expect(unasked.code).not.toBe(0);
    expect(unasked.stderr).toContain('--yes');
  });

  it('refuses before any call what the issue form refuses: unpaid single cards, rows that do not follow the quantity, more than the stock', async () => {
    const single = await tern([
      'create',
      '--type',
      typeId,
      '--name',
      'A',
      '--email',
      'refused@example.com',
      '--quantity',
      '1',
      '--unpaid',
    ]);
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('A single card is sold paid');
    const file = join(dir, 'one.csv');
    await writeFile(file, 'Anna,anna@example.com\n');
    const rows = await tern([
      'create',
      '--type',
      typeId,
      '--name',
      'A',
      '--email',
      'refused@example.com',
      '--quantity',
      '2',
      '--recipients',
      file,
    ]);
    expect(rows.code).toBe(2);
    expect(rows.stderr).toContain('1 recipient(s) for 2 card(s)');
    const many = await tern([
      'create',
      '--type',
      typeId,
      '--name',
      'A',
      '--email',
      'refused@example.com',
      '--quantity',
      '4',
    ]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('quantity');
    const before = await api.giftCardPurchases.list({ query: { propertyId, term: 'refused@example.com' } });
    expect(before.meta.total).toBe(0);
    // Without a file, every card goes to the buyer: the purchase has no recipients.
    const buyer = await tern([
      'create',
      '--type',
      typeId,
      '--name',
      'B',
      '--email',
      'b@example.com',
      '--quantity',
      '3',
      '--json',
    ]);
    expect(buyer.code).toBe(0);
    expect(JSON.parse(buyer.stdout)).toMatchObject({ status: 'paid', quantity: 3, orderRecipients: [] });
  });
});
