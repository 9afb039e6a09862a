import { addDays, todayIso } from '@tern/core/dates';
import { describe, expect, it } from 'vitest';
import { Collector, FakeTtyStdin, runCli, shown, tick } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';
import { bookableWithoutCard, harbourViewId, serverWithAgent, signedIn, stayRates } from './helpers/world.js';

// The stay wizard when the price changes between the summary and `y`: the server refuses the total shown
// (price_changed); the wizard reads the rates again, shows the new total, and `y` books at it — before, `y` was
// refused for good with the old price on the screen.

const world = serverWithAgent();
const checkin = addDays(todayIso(Date.now()), 160);
const checkout = addDays(checkin, 2);

describe('tern book stay on a terminal, the price changed before y', () => {
  it('reads the new price, shows it, and books at it', async () => {
    const property = await harbourViewId(world.agent);
    await openNights(world.server.url, property, checkin, 2);
    const units = await stayRates(world.agent, property, { checkin, checkout, currency: 'EUR' });
    const rates = units.flatMap((u) => u.ratePlans);
    const row = rates.findIndex(bookableWithoutCard);
    expect(row).toBeGreaterThanOrEqual(0);
    const tty = new FakeTtyStdin();
    const screen = new Collector(true);
    const running = runCli(
      ['book', 'stay', property, '--checkin', checkin, '--checkout', checkout, '--currency', 'EUR'],
      { configDir: world.agent, isTTY: true, tty, stdout: screen },
    );
    const type = async (...keys: string[]) => {
      for (const key of keys) {
        tty.write(key);
        await tick(20);
      }
    };
    await shown(screen, 'Tab: switch field');
    await type('\r', '\r', '\r', '\r');
    await shown(screen, 'Enter: continue · Esc: back');
    await type(...Array(row).fill('\u001b[B'), '\u001b[C', '\r');
    await shown(screen, 'Esc: back to the rooms');
    await type('Anna', '\r', 'Repriced', '\r', 'anna.repriced@example.com', '\r', '\r');
    await shown(screen, 'Accept the policy and book?');
    // The hotel raises the price of the rate's plan on those nights while the summary is shown.
    const hotelier = await signedIn(world.server, 'hotelier');
    const plan = rates[row]!.id.split('~')[0]!;
    const raise = await runCli(
      [
        ...['inventory', 'set', '--property', property, '--from', checkin, '--to', addDays(checkin, 1)],
        ...['--plan', plan, '--increase', '25%'],
      ],
      { configDir: hotelier },
    );
    expect(raise.stderr).toBe('');
    const at = screen.text.length;
    await type('y');
    await shown(screen, 'The price has changed: the summary shows the new total');
    expect(screen.text.slice(at)).toContain('Accept the policy and book?');
    await type('y');
    const result = await running;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Booked: TRN-[A-Z0-9]{8}/);
  }, 120_000);
});
