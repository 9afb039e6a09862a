import { randomBytes } from 'node:crypto';
import { addDays, todayIn } from '@tern/core/dates';
import { type CampaignOptionBody, createClient, type TernClient } from '@tern/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger, startServer } from '../src/index.js';
import { refusedWith as refusal } from './helpers/refusal.js';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from './helpers/server.js';
import { until } from './helpers/until.js';

// Gift campaigns (issue 25, CS; document 3 §2.3, §4 M28, §7): the staff's lifecycle and its refusals, options,
// ownership (another property's staff get 404), the public page (drafts and archived ones hidden), and the pick:
// one card of the option's type with its expiry, source 'campaign', mailed with its PDF — once per campaign by
// government id and by e-mail, even 20 at once — and refused when the type has nothing left.

let server: TestServer;
let hotelier: TernClient;
let anyone: TernClient;
let propertyId: string;
let typeId: string;
let photoUrl: string;
let expiry: string;

async function makeType(title: string, limit: number): Promise<string> {
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const store = (await server.db.one<{ id: string }>('select id from stores where property_id = $1 limit 1', [
    propertyId,
  ]))!;
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title,
      description: '<p>One night</p>',
      price: 150,
      limit,
      storeIds: [store.id],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
    },
  });
  return type.id;
}

const option = (over: Partial<CampaignOptionBody> = {}): CampaignOptionBody => ({
  propertyId,
  name: 'A night by the sea',
  description: 'Dinner and a room',
  photoUrl,
  expirationDate: expiry,
  giftCardTypeId: typeId,
  ...over,
});

/** A published campaign with one option of `type`. */
async function published(name: string, type = typeId) {
  const made = await hotelier.campaigns.create({ body: { propertyId, name, description: 'For our staff' } });
  const withOption = await hotelier.campaigns.createOption({
    params: { id: made.id },
    body: option({ giftCardTypeId: type }),
  });
  await hotelier.campaigns.update({ params: { id: made.id }, body: { propertyId, status: 'published' } });
  return { id: made.id, optionId: withOption.options[0]!.id };
}

const pick = (
  campaignId: string,
  optionId: string,
  who: { id: string; email: string; name?: string; locale?: 'en' | 'fr' },
) =>
  anyone.campaigns.pick({
    params: { id: campaignId },
    body: {
      optionId,
      name: who.name ?? 'Guðrún Jónsdóttir',
      email: who.email,
      governmentIssuedId: who.id,
      ...(who.locale ? { locale: who.locale } : {}),
    },
  });

/** How the hotelier's removal of an option was refused. */
const removal = (id: string, optionId: string) =>
  refusal(hotelier.campaigns.removeOption({ params: { id, optionId }, query: { propertyId } }));

const auditOf = (id: string) =>
  server.db.query<{ action: string }>(
    `select action from audit_log where object_type = 'giftCampaign' and object_id = $1 order by at, id`,
    [id],
  );

beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
  hotelier = server.client(await server.signIn('hotelier'));
  anyone = server.client();
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  typeId = await makeType('Campaign night', 100);
  const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#2980b9' } })
    .png()
    .toBuffer();
  photoUrl = (
    await hotelier.photos.upload({
      body: {
        image: new File([png as Uint8Array<ArrayBuffer>], 'gift.png', { type: 'image/png' }),
        propertyId,
      },
    })
  ).publicUrl;
  expiry = addDays(todayIn('Atlantic/Reykjavik', server.clock.now()), 120);
}, 180_000);
afterAll(() => server?.close());
// Picks are throttled per address: each test starts with the address's count at nought.
beforeEach(() => server.db.query(`delete from sign_in_attempts where kind = 'campaign_pick'`));

describe('a campaign’s lifecycle (M28)', () => {
  it('draft → published (needs an option) → archived (frozen) → published again; audited', async () => {
    const made = await hotelier.campaigns.create({
      body: { propertyId, name: 'Staff gifts 2025', description: 'Thank you' },
    });
    expect(made).toMatchObject({
      status: 'draft',
      options: [],
      recipients: 0,
      publicPath: `/gift-campaign/${made.id}`,
    });
    const publish = () =>
      hotelier.campaigns.update({ params: { id: made.id }, body: { propertyId, status: 'published' } });
    expect(await refusal(publish())).toEqual({ status: 409, code: 'campaign_without_options' });
    await hotelier.campaigns.createOption({ params: { id: made.id }, body: option() });
    expect((await publish()).status).toBe('published');
    expect(
      await refusal(
        hotelier.campaigns.update({ params: { id: made.id }, body: { propertyId, status: 'draft' } }),
      ),
    ).toEqual({ status: 409, code: 'campaign_transition_invalid' });
    const archived = await hotelier.campaigns.update({
      params: { id: made.id },
      body: { propertyId, status: 'archived' },
    });
    expect(archived.status).toBe('archived');
    expect(
      await refusal(
        hotelier.campaigns.update({ params: { id: made.id }, body: { propertyId, name: 'New' } }),
      ),
    ).toEqual({ status: 409, code: 'campaign_archived' });
    expect(
      await refusal(hotelier.campaigns.createOption({ params: { id: made.id }, body: option() })),
    ).toEqual({ status: 409, code: 'campaign_archived' });
    // Published again, renamed in the same call; only what is sent changes.
    const again = await hotelier.campaigns.update({
      params: { id: made.id },
      body: { propertyId, status: 'published', name: 'Staff gifts 2026' },
    });
    expect([again.status, again.name, again.description]).toEqual([
      'published',
      'Staff gifts 2026',
      'Thank you',
    ]);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual([
      'create',
      'add_option',
      'publish',
      'unpublish',
      'publish',
    ]);
  });

  it('“publish when created” is published at once, with no options yet; the tabs and the search find it', async () => {
    const made = await hotelier.campaigns.create({
      body: { propertyId, name: 'Kunden-Geschenke Björk', description: 'Für Kunden', publish: true },
    });
    expect([made.status, made.options]).toEqual(['published', []]);
    const tab = await hotelier.campaigns.list({ query: { propertyId, status: 'published', term: 'bjork' } });
    expect(tab.items.map((c) => c.id)).toEqual([made.id]);
    const drafts = await hotelier.campaigns.list({ query: { propertyId, status: 'draft', term: 'bjork' } });
    expect(drafts.meta.total).toBe(0);
    // Its first option stays: a published campaign keeps at least one.
    const withOne = await hotelier.campaigns.createOption({ params: { id: made.id }, body: option() });
    expect(await removal(made.id, withOne.options[0]!.id)).toEqual({
      status: 409,
      code: 'campaign_last_option',
    });
  });
});

describe('options', () => {
  it('need a photo of the property, an expiry not past, a type of the property that is not archived', async () => {
    const made = await hotelier.campaigns.create({ body: { propertyId, name: 'Options', description: 'd' } });
    const add = (over: Partial<CampaignOptionBody>) =>
      refusal(hotelier.campaigns.createOption({ params: { id: made.id }, body: option(over) }));
    expect(await add({ photoUrl: `/photos/uploads/${'a'.repeat(32)}.png` })).toEqual({
      status: 400,
      code: 'unknown_photo',
    });
    expect(await add({ expirationDate: '2001-01-01' })).toEqual({ status: 400, code: 'expiration_past' });
    const rivalType = (
      await server.db.one<{ id: string }>(
        `select t.id from gift_card_types t join properties p on p.id = t.property_id where p.key <> 'harbour-view' limit 1`,
      )
    )?.id;
    if (rivalType) expect((await add({ giftCardTypeId: rivalType })).status).toBe(404);
    const old = await makeType('Retired', 5);
    await server.db.query(`update gift_card_types set status = 'archived' where id = $1`, [old]);
    expect(await add({ giftCardTypeId: old })).toEqual({ status: 409, code: 'gift_card_type_status' });

    const one = await hotelier.campaigns.createOption({ params: { id: made.id }, body: option() });
    const two = await hotelier.campaigns.createOption({
      params: { id: made.id },
      body: option({ name: 'Spa day' }),
    });
    expect(two.options.map((o) => [o.name, o.position, o.picked, o.giftCardTypeTitle])).toEqual([
      ['A night by the sea', 0, 0, 'Campaign night'],
      ['Spa day', 1, 0, 'Campaign night'],
    ]);
    const changed = await hotelier.campaigns.updateOption({
      params: { id: made.id, optionId: one.options[0]!.id },
      body: option({ name: 'A night by the harbour', position: 2 }),
    });
    expect(changed.options.map((o) => o.name)).toEqual(['Spa day', 'A night by the harbour']);
    const left = await hotelier.campaigns.removeOption({
      params: { id: made.id, optionId: one.options[0]!.id },
      query: { propertyId },
    });
    expect(left.options.map((o) => o.name)).toEqual(['Spa day']);
  });

  it('belong to their campaign: another property’s staff get 404, an option of another campaign 404', async () => {
    const mine = await published('Ours');
    const rival = server.client(await server.signIn('hotelier2'));
    const theirProperty = (await server.db.one<{ id: string }>(
      `select pu.property_id as id from property_users pu join users u on u.id = pu.user_id
        where u.email = 'hotelier2@demo.tern.test' limit 1`,
    ))!.id;
    for (const pid of [propertyId, theirProperty]) {
      expect(
        (await refusal(rival.campaigns.get({ params: { id: mine.id }, query: { propertyId: pid } }))).status,
      ).toBe(404);
      expect(
        (await refusal(rival.campaigns.recipients({ params: { id: mine.id }, query: { propertyId: pid } })))
          .status,
      ).toBe(404);
      expect(
        (
          await refusal(
            rival.campaigns.update({ params: { id: mine.id }, body: { propertyId: pid, name: 'Mine' } }),
          )
        ).status,
      ).toBe(404);
    }
    const other = await published('Other');
    expect(await removal(mine.id, other.optionId)).toEqual({
      status: 404,
      code: 'campaign_option_not_found',
    });
  });
});

describe('the public page and the pick (M29)', () => {
  it('hides drafts and archived campaigns; shows a published one with its hotel and options', async () => {
    const draft = await hotelier.campaigns.create({ body: { propertyId, name: 'Hidden', description: 'd' } });
    expect(await refusal(anyone.campaigns.public({ params: { id: draft.id } }))).toEqual({
      status: 404,
      code: 'campaign_not_found',
    });
    const open = await published('Open');
    const page = await anyone.campaigns.public({ params: { id: open.id } });
    expect(page).toMatchObject({ name: 'Open', propertyTitle: 'Harbour View Hotel' });
    expect(page.options.map((o) => [o.name, o.photoUrl, o.expirationDate, o.soldOut])).toEqual([
      ['A night by the sea', photoUrl, expiry, false],
    ]);
    await hotelier.campaigns.update({ params: { id: open.id }, body: { propertyId, status: 'archived' } });
    expect((await refusal(anyone.campaigns.public({ params: { id: open.id } }))).code).toBe(
      'campaign_not_found',
    );
    expect(
      (await refusal(pick(open.id, open.optionId, { id: '1234567890', email: 'late@example.com' }))).code,
    ).toBe('campaign_not_found');
  });

  it('issues one card of the type with the option’s expiry, source campaign, and mails it with its PDF', async () => {
    const c = await published('Picked');
    const before = (await server.db.one<{ issued: number }>(
      'select issued from gift_card_types where id = $1',
      [typeId],
    ))!.issued;
    expect(await pick(c.id, c.optionId, { id: '0101901234', email: 'gudrun@example.com' })).toEqual({
      email: 'gudrun@example.com',
      optionName: 'A night by the sea',
    });
    const recipients = await hotelier.campaigns.recipients({ params: { id: c.id }, query: { propertyId } });
    expect(recipients.items).toHaveLength(1);
    const r = recipients.items[0]!;
    expect([r.name, r.email, r.governmentIdLast4, r.optionName]).toEqual([
      'Guðrún Jónsdóttir',
      'gudrun@example.com',
      '1234',
      'A night by the sea',
    ]);
    const card = await hotelier.giftCards.get({ params: { id: r.giftCardId! }, query: { propertyId } });
    expect([
      card.giftCardTypeId,
      card.expirationDate,
      card.sourceOfSale,
      card.email,
      card.generatedId,
    ]).toEqual([typeId, expiry, 'campaign', 'gudrun@example.com', r.giftCardCode]);
    expect(
      (await server.db.one<{ issued: number }>('select issued from gift_card_types where id = $1', [typeId]))!
        .issued,
    ).toBe(before + 1);
    // The id is not kept in clear.
    const kept = (
      await server.db.query<Record<string, unknown>>(
        'select * from gift_campaign_recipients where campaign_id = $1',
        [c.id],
      )
    )[0]!;
    expect(JSON.stringify(kept)).not.toContain('0101901234');
    const mails = await until(
      () =>
        server.db.query<{ to: string; subject: string; files: string[] }>(
          `select m."to", m.subject,
                  array(select a.file_name from outbox_mail_attachments a where a.mail_id = m.id) as files
             from outbox_mails m where m.kind = 'gift_card' and m.text like '%' || $1 || '%'`,
          [card.generatedId],
        ),
      (rows) => rows.length > 0,
    );
    // In the page's language (Icelandic unless the recipient chose another).
    expect(mails).toEqual([
      {
        to: 'gudrun@example.com',
        subject: `Gjafabréfið þitt: ${card.title}`,
        files: [`gift-card-${card.generatedId}.pdf`],
      },
    ]);
    const staff = await hotelier.campaigns.get({ params: { id: c.id }, query: { propertyId } });
    expect([staff.recipients, staff.options[0]!.picked]).toEqual([1, 1]);
    // Picked: it stays.
    await hotelier.campaigns.createOption({ params: { id: c.id }, body: option({ name: 'Second' }) });
    expect(await removal(c.id, c.optionId)).toEqual({ status: 409, code: 'campaign_option_picked' });
  });

  it('mails the card in the language the recipient picked in', async () => {
    const c = await published('Langue');
    await pick(c.id, c.optionId, {
      id: '0202802345',
      email: 'marie@example.com',
      name: 'Marie',
      locale: 'fr',
    });
    const [mail] = await until(
      () =>
        server.db.query<{ subject: string; text: string }>(
          `select subject, text from outbox_mails where kind = 'gift_card' and "to" = 'marie@example.com'`,
        ),
      (rows) => rows.length > 0,
    );
    expect(mail!.subject).toMatch(/^Votre carte cadeau : /);
    expect(mail!.text).toMatch(/^Bonjour Marie,\nVoici votre carte cadeau de /);
    const kept = await server.db.one<{ locale: string }>(
      `select locale from gift_campaign_recipients where campaign_id = $1`,
      [c.id],
    );
    expect(kept!.locale).toBe('fr');
  });

  it('the same government id 20 times at once: one recipient, one card', async () => {
    const c = await published('Race');
    const issuedBefore = (await server.db.one<{ n: number }>(
      `select count(*)::int as n from gift_cards where source_of_sale = 'campaign'`,
    ))!.n;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        pick(c.id, c.optionId, { id: '2402795519', email: `race${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ status: 409, code: 'campaign_already_picked' });
    const rows = await server.db.query<{ gift_card_id: string }>(
      'select gift_card_id from gift_campaign_recipients where campaign_id = $1',
      [c.id],
    );
    expect(rows).toHaveLength(1);
    expect(
      (await server.db.one<{ n: number }>(
        `select count(*)::int as n from gift_cards where source_of_sale = 'campaign'`,
      ))!.n,
    ).toBe(issuedBefore + 1);
  });

  it('the same e-mail with 10 different ids at once: one recipient, one card', async () => {
    const c = await published('Race by e-mail');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        pick(c.id, c.optionId, {
          id: `90000000${i}`,
          email: i % 2 ? 'Same@Example.com' : 'same@example.com',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ status: 409, code: 'campaign_already_picked' });
    const rows = await server.db.query<{ gift_card_id: string | null }>(
      'select gift_card_id from gift_campaign_recipients where campaign_id = $1',
      [c.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.gift_card_id).not.toBeNull();
  });

  it('the same e-mail (any case) with another id is refused; every pick, refused or not, is throttled per address', async () => {
    const c = await published('Once');
    await pick(c.id, c.optionId, { id: '1111', email: 'once@example.com' });
    expect(await refusal(pick(c.id, c.optionId, { id: '2222', email: 'ONCE@example.com' }))).toEqual({
      status: 409,
      code: 'campaign_already_picked',
    });
    expect(
      (await server.db.one<{ n: number }>(
        'select count(*)::int as n from gift_campaign_recipients where campaign_id = $1',
        [c.id],
      ))!.n,
    ).toBe(1);
    // Every pick counts against the address, the refused one too: the client sends an Idempotency-Key, whose
    // refusal undoes the call's writes, and the attempt outlasts it (`ctx.lasting`).
    const attempts = async () =>
      (await server.db.one<{ n: number }>(
        `select count(*)::int as n from sign_in_attempts where kind = 'campaign_pick'`,
      ))!.n;
    expect(await attempts()).toBe(2);
    // 17 more in the window (made the quick way: each would be a campaign and a pick) make 19: one more pick is
    // let through, the 21st is refused.
    await server.db.query(
      `insert into sign_in_attempts (kind, email, ip, succeeded, at)
       select kind, email, ip, succeeded, at
         from (select * from sign_in_attempts where kind = 'campaign_pick' limit 1) one, generate_series(1, 17)`,
    );
    await pick(c.id, c.optionId, { id: '3333', email: 'third@example.com' });
    expect(await refusal(pick(c.id, c.optionId, { id: '4444', email: 'fourth@example.com' }))).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
    });
  });

  it('a key rotation: an id that picked under the old key is refused while the previous key is set', async () => {
    const c = await published('Across a rotation');
    const [before, rotated] = [randomBytes(32), randomBytes(32)];
    // Servers on the same database: one under the key before the rotation, one during it, one after it.
    const servers = await Promise.all(
      [{ secretKey: before }, { secretKey: rotated, previousSecretKey: before }, { secretKey: rotated }].map(
        (keys) =>
          startServer({
            port: 0,
            db: server.db,
            clock: server.clock,
            logger: silentLogger,
            quiet: true,
            sandbox: true,
            passwordCost: TEST_PASSWORD_COST,
            jobs: false,
            ...keys,
          }),
      ),
    );
    try {
      const [old, during, after] = servers.map((s) =>
        createClient({ baseUrl: s.url, retries: 0 }).campaigns.pick.bind(null),
      );
      const body = (id: string, email: string) => ({
        params: { id: c.id },
        body: { optionId: c.optionId, name: 'Guðrún Jónsdóttir', email, governmentIssuedId: id },
      });
      await old!(body('2402795519', 'before@example.com'));
      expect(await refusal(during!(body('2402795519', 'during@example.com')))).toEqual({
        status: 409,
        code: 'campaign_already_picked',
      });
      // Once the previous key is dropped the old hash matches nothing (docs/decisions.md): the e-mail still does.
      expect(await refusal(after!(body('1234567890', 'BEFORE@example.com')))).toEqual({
        status: 409,
        code: 'campaign_already_picked',
      });
      await after!(body('2402795519', 'after@example.com'));
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('sold out: a type with nothing left gives nothing (409 sold_out) and the page says so', async () => {
    const scarce = await makeType('Last one', 1);
    const c = await published('Scarce', scarce);
    await pick(c.id, c.optionId, { id: '5555', email: 'first@example.com' });
    expect(await refusal(pick(c.id, c.optionId, { id: '6666', email: 'second@example.com' }))).toEqual({
      status: 409,
      code: 'sold_out',
    });
    const page = await anyone.campaigns.public({ params: { id: c.id } });
    expect(page.options[0]!.soldOut).toBe(true);
    expect(
      (await server.db.one<{ n: number }>(
        'select count(*)::int as n from gift_campaign_recipients where campaign_id = $1',
        [c.id],
      ))!.n,
    ).toBe(1);
  });
});
