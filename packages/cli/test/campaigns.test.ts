import { crc32, deflateSync } from 'node:zlib';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern campaigns` (issue 25): a supplier makes a gift campaign from a script against the real server — created
// through core's M41 (a draft, then its gifts one by one), published and unpublished through M28; core's rules
// name a wrong flag before any call, a step the status has not is refused, the server's refusals come as they are.

let server: TestServer;
let propertyId: string;
let types: { id: string; title: string }[];
let photos: string[];
let configDir: string;
let at: string[];

/** A PNG of one colour (`[r, g, b]`), 40 × 30. */
function png([r, g, b]: number[]): Buffer {
  const chunk = (kind: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([size, body, crc]);
  };
  const [width, height] = [40, 30];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.from([0, ...Array.from({ length: width }, () => [r!, g!, b!]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An upload of the property, as the drawer's photo picker makes one. */
async function upload(hotelier: TernClient, colour: number[]): Promise<string> {
  const file = new File([png(colour) as Uint8Array<ArrayBuffer>], 'gift.png', { type: 'image/png' });
  return (await hotelier.photos.upload({ body: { image: file, propertyId } })).publicUrl;
}

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  const hotelier = server.client(reply.token);
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  photos = [await upload(hotelier, [41, 128, 185]), await upload(hotelier, [192, 57, 43])];
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const store = (await server.db.one<{ id: string }>(
    'select id from stores where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  types = [];
  for (const [i, title] of ['A night by the harbour', 'Dinner and a night'].entries())
    types.push(
      await hotelier.giftCards.createType({
        body: {
          propertyId,
          title,
          description: `<p>${title}</p>`,
          price: 30000,
          limit: 10,
          storeIds: [store.id],
          ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
          photos: [{ url: photos[i]! }],
          publish: true,
        },
      }),
    );
  configDir = await signedInAt(server.url, 'hotelier');
  at = ['--api-url', server.url, '--property', propertyId];
}, 180_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (args: string[]) => runCli([...args, ...at], { configDir });
const drafts = async () =>
  JSON.parse((await tern(['campaigns', 'list', '--status', 'draft', '--json'])).stdout).meta.total as number;

describe('tern campaigns', () => {
  it('creates a campaign, adds two gifts, publishes and unpublishes it', async () => {
    const before = await drafts();
    const early = await tern([
      'campaigns',
      'create',
      '--name',
      'Staff gifts',
      '--description',
      'One each',
      '--publish',
    ]);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain('--publish: a published campaign offers at least one gift');
    expect(await drafts()).toBe(before);

    const made = await tern([
      'campaigns',
      'create',
      '--name',
      'Staff gifts',
      '--description',
      'Thank you for the year: choose one',
      '--json',
    ]);
    expect(made.code).toBe(0);
    const campaign = JSON.parse(made.stdout);
    expect(campaign).toMatchObject({ name: 'Staff gifts', status: 'draft', options: [] });
    expect(await drafts()).toBe(before + 1);

    const option = (name: string, typeId: string, expires: string, extra: string[] = []) =>
      tern([
        'campaigns',
        'options',
        'add',
        campaign.id,
        '--name',
        name,
        '--description',
        `${name} at Harbour View`,
        '--type',
        typeId,
        '--expires',
        expires,
        ...extra,
      ]);
    const past = await option('A night', types[0]!.id, '2001-01-01');
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--expires: the day cannot be before today');

    const first = await option('A night', types[0]!.id, '2099-12-31');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `Added A night (${types[0]!.title}, valid until 2099-12-31) to Staff gifts`,
    );
    const second = await option('Dinner and a night', types[1]!.id, '2099-06-30', [
      '--photo',
      photos[0]!,
      '--json',
    ]);
    expect(second.code).toBe(0);
    const withTwo = JSON.parse(second.stdout);
    expect(withTwo.options).toMatchObject([
      // The type's own photo when --photo is left out.
      { name: 'A night', giftCardTypeId: types[0]!.id, photoUrl: photos[0], position: 0 },
      {
        name: 'Dinner and a night',
        giftCardTypeId: types[1]!.id,
        photoUrl: photos[0],
        expirationDate: '2099-06-30',
        position: 1,
      },
    ]);

    const published = await tern(['campaigns', 'publish', campaign.id]);
    expect(published.code).toBe(0);
    expect(published.stdout).toBe(
      `Published Staff gifts (${campaign.id}): published, 2 gifts, public page /gift-campaign/${campaign.id}\n`,
    );
    const again = await tern(['campaigns', 'publish', campaign.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Campaign Staff gifts is published: it cannot be published');
    const listed = await tern(['campaigns', 'list', '--search', 'Staff']);
    expect(listed.stdout).toMatch(
      new RegExp(`${campaign.id}\\s+Staff gifts\\s+2\\s+0\\s+\\S+ \\S+\\s+/gift-campaign/${campaign.id}`),
    );
    // The public page shows it now.
    const page = await server.client().campaigns.public({ params: { id: campaign.id } });
    expect(page.options.map((o) => o.name)).toEqual(['A night', 'Dinner and a night']);

    const off = await tern(['campaigns', 'unpublish', campaign.id, '--json']);
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ id: campaign.id, status: 'archived' });
    const archived = await tern(['campaigns', 'list', '--status', 'archived']);
    expect(archived.stdout).toMatch(new RegExp(`${campaign.id}\\s+Staff gifts`));
    const late = await option('Late', types[0]!.id, '2099-12-31');
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('is unpublished (archived): it takes no new gifts');
  }, 60_000);

  it('passes the server’s refusal on: a campaign of no property of yours is not found', async () => {
    const missing = await tern(['campaigns', 'publish', '00000000-0000-4000-8000-000000000000', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).error).toMatchObject({ code: 'campaign_not_found' });
  });
});
