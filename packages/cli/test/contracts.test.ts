import { beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, runCli } from './helpers/cli.js';
import type { TestServer } from './helpers/server.js';
import { DEMO_MANAGERS, serverWithAgent, signedIn } from './helpers/world.js';

// `tern contracts …` against the real server: an agent proposes, the hotel's manager accepts, either ends it.

let server: TestServer;
let agent: string;

const world = serverWithAgent();
beforeAll(() => {
  ({ server, agent } = world);
});

const tern = (argv: string[], configDir = agent) => runCli(argv, { configDir });

describe('tern contracts', () => {
  it('lists the agency’s agents, whose ids filter the bookings list', async () => {
    const reply = JSON.parse((await tern(['contracts', 'agents', '--json'])).stdout);
    const me = reply.items.find((a: { email: string }) => a.email === demoEmail('agent'));
    expect(me).toMatchObject({ type: 'agent', id: expect.any(String) });
    expect(reply.items.some((a: { email: string }) => a.email === demoEmail('agent2'))).toBe(false);
    const table = await tern(['contracts', 'agents', '--term', 'nobody-by-this-name']);
    expect(table.stdout).toBe('Nothing found.\n');
    const listed = await tern(['bookings', 'list', '--booker', me.id, '--json']);
    expect(listed.code).toBe(0);
  });

  it('discovers, proposes, is accepted by the property, lists as active, and terminates', async () => {
    const open = JSON.parse(
      (
        await tern([
          'contracts',
          'discover',
          '--type',
          'accommodation',
          '--without-contract',
          '--limit',
          '50',
          '--json',
        ])
      ).stdout,
    );
    const hotel = open.items[0];
    expect(hotel.contract).toBeNull();
    const table = await tern(['contracts', 'discover', '--term', hotel.name]);
    expect(table.stdout).toContain('none');

    const missing = await tern(['contracts', 'propose', '--property', hotel.propertyId]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--logic');
    const proposed = await tern([
      'contracts',
      'propose',
      '--property',
      hotel.propertyId,
      '--logic',
      'decrease_by_percent',
      '--amount',
      '7',
      '--all-plans',
      '--json',
    ]);
    expect(proposed.stderr).toBe('');
    const contract = JSON.parse(proposed.stdout);
    expect(contract).toMatchObject({ status: 'proposed', initiator: 'reseller', modifierAmount: 7 });

    // Not the proposer's to accept; the property's manager accepts (whichever demo manager it belongs to).
    expect((await tern(['contracts', 'accept', contract.id])).code).toBe(1);
    let accepted = null;
    for (const login of DEMO_MANAGERS) {
      if (accepted) break;
      const manager = await signedIn(server, login);
      const result = await tern(['contracts', 'accept', contract.id, '--json'], manager);
      if (result.code === 0) accepted = JSON.parse(result.stdout);
    }
    expect(accepted).toMatchObject({ status: 'approved' });
    const active = await tern(['contracts', 'list']);
    expect(active.stdout).toContain(contract.id);
    expect(active.stdout).toContain('−7 %');
    // The status reads as in the JSON, and --status takes that word.
    expect(active.stdout).toMatch(new RegExp(`${contract.id}.* approved `));
    const approved = await tern(['contracts', 'list', '--status', 'approved', '--json']);
    expect(JSON.parse(approved.stdout).items).toContainEqual(
      expect.objectContaining({ id: contract.id, status: 'approved' }),
    );
    const unconfirmed = await tern(['contracts', 'terminate', contract.id]);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('Pass --yes to confirm without a terminal');
    expect(JSON.parse((await tern(['contracts', 'list', '--json'])).stdout).items).toContainEqual(
      expect.objectContaining({ id: contract.id, status: 'approved' }),
    );
    const ended = await tern(['contracts', 'terminate', contract.id, '--yes']);
    expect(ended).toMatchObject({ code: 0 });
    expect(ended.stdout).toMatch(/^Terminated\./);
  });

  it('proposes through core’s contract form: a car station asks no plans or amount, a plan must be the property’s', async () => {
    const stations = JSON.parse(
      (await tern(['contracts', 'discover', '--type', 'vehicle', '--without-contract', '--json'])).stdout,
    );
    const station = stations.items[0];
    const proposed = await tern([
      ...['contracts', 'propose', '--property', station.propertyId, '--logic', 'increase_by_percent'],
      '--json',
    ]);
    expect(proposed.stderr).toBe('');
    expect(JSON.parse(proposed.stdout)).toMatchObject({
      status: 'proposed',
      propertyType: 'vehicle',
      modifierAmount: 0,
    });
    const hotels = JSON.parse(
      (await tern(['contracts', 'discover', '--type', 'accommodation', '--without-contract', '--json']))
        .stdout,
    );
    const wrongPlan = await tern([
      ...['contracts', 'propose', '--property', hotels.items[0].propertyId, '--logic', 'increase_by_amount'],
      ...['--plan', 'no-such-plan'],
    ]);
    expect(wrongPlan.code).toBe(2);
    expect(wrongPlan.stderr).toContain('--plan: no-such-plan is not a rate plan of');
  });

  it('requests a contract with a message, and withdraws it', async () => {
    const open = JSON.parse(
      (await tern(['contracts', 'discover', '--without-contract', '--term', 'Lisbon', '--json'])).stdout,
    );
    const hotel = open.items[0];
    const requested = JSON.parse(
      (await tern(['contracts', 'request', hotel.propertyId, '--message', 'We send many guests', '--json']))
        .stdout,
    );
    expect(requested).toMatchObject({ status: 'proposed', requestMessage: 'We send many guests' });
    const pending = await tern(['contracts', 'list', '--status', 'proposed', '--json']);
    expect(JSON.parse(pending.stdout).items.map((c: { id: string }) => c.id)).toContain(requested.id);
    expect((await tern(['contracts', 'cancel', requested.id])).stdout).toMatch(/^Withdrawn\./);
    expect(
      (
        await tern([
          'contracts',
          'propose',
          '--property',
          hotel.propertyId,
          '--logic',
          'up',
          '--amount',
          '1',
          '--all-plans',
        ])
      ).code,
    ).toBe(2);
  });
});
