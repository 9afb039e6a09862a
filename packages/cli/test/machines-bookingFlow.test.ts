import { addDays, todayIso } from '@tern/core/dates';
import { beforeAll } from 'vitest';
import { type CliResult, Collector, FakeTtyStdin, runCli, tick, until } from './helpers/cli.js';
import { openNights } from './helpers/openNights.js';
import {
  bookableWithoutCard,
  FAST_POLL_MS,
  fastProviders,
  harbourViewId,
  serverWithAgent,
  stayRates,
} from './helpers/world.js';
import { describeCliReplays } from './machines-replay.js';

// Core's model-based paths of the booking flow (M01) replayed through `tern book stay` and `tern book car` on a
// terminal against the real server: the rooms step is the flow's property page (→ adds a room, Enter books it),
// the offers of the car search are a car's (Enter on one chooses it), Esc on the contact or the driver goes back,
// y on the summary books and the flow takes the confirmation. Each replay books its own dates (a week apart), so
// the rooms and cars never run out.

let agent: string;
let harbourView: string;
let replay = 0;

const world = serverWithAgent();
beforeAll(async () => {
  agent = world.agent;
  harbourView = await harbourViewId(agent);
});

interface Wizard {
  tty: FakeTtyStdin;
  screen: Collector;
  running: Promise<CliResult>;
  ended: boolean;
  /** The row of a rate bookable without a card for two adults, and whether a room of it is chosen. */
  row: number;
  chosen: boolean;
  /** The contact is typed once; coming back to it, Enter goes through it. */
  contactTyped: boolean;
}

/** Waits for `text` on the screen after what it showed when the last key was sent. */
async function next(w: Wizard, from: number, text: string) {
  await until(
    () => w.screen.text.slice(from).includes(text),
    () => w.screen.text.slice(-1500),
    15_000,
  );
}

async function keys(w: Wizard, ...chunks: string[]) {
  for (const chunk of chunks) {
    w.tty.write(chunk);
    await tick(20);
  }
}

/**
 * The row of the first rate of the stay bookable without a card for two adults, on nights the hotel's manager
 * opened first (whatever the demo world sells on them).
 */
async function freeRow(checkin: string, checkout: string): Promise<number> {
  await openNights(world.server.url, harbourView, checkin, 2);
  const units = await stayRates(agent, harbourView, { checkin, checkout, currency: 'EUR' });
  const row = units.flatMap((u) => u.ratePlans).findIndex(bookableWithoutCard);
  if (row < 0) throw new Error('no bookable rate without a card on the nights opened for the test');
  return row;
}

const noRoute = {
  excluded:
    'the terminal wizards start the flow on the rooms or the offers with nothing kept: no route opens the checkout or a confirmation',
};

describeCliReplays<Wizard>({
  machine: 'bookingFlowMachine',
  liveMachine: 'bookingFlow',
  stepTimeout: 20_000,
  // A car's offers come once every provider has answered (the providers' time runs fast: fastProviders).
  replayTimeout: 60_000,
  scenarios: {
    'a stay from the property page': async () => {
      const checkin = addDays(todayIso(Date.now()), 40 + 7 * replay++);
      const checkout = addDays(checkin, 2);
      const row = await freeRow(checkin, checkout);
      const w: Wizard = {
        tty: new FakeTtyStdin(),
        screen: new Collector(true),
        running: Promise.resolve(null as never),
        ended: false,
        row,
        chosen: false,
        contactTyped: false,
      };
      w.running = runCli(
        ['book', 'stay', harbourView, '--checkin', checkin, '--checkout', checkout, '--currency', 'EUR'],
        { configDir: agent, isTTY: true, tty: w.tty, stdout: w.screen },
      ).finally(() => {
        w.ended = true;
      });
      await next(w, 0, 'Tab: switch field');
      // The stay is filled from the flags: Enter through its four fields opens the rooms (the flow starts).
      const from = w.screen.text.length;
      await keys(w, '\r', '\r', '\r', '\r');
      await next(w, from, 'Enter: continue · Esc: back');
      return w;
    },
    'checkout with a stored stay': noRoute,
    'checkout without a stay': noRoute,
    'the confirmation route': noRoute,
    'a car from the car search': async () => {
      const pickup = addDays(todayIso(Date.now()), 40 + 7 * replay++);
      const w: Wizard = {
        tty: new FakeTtyStdin(),
        screen: new Collector(true),
        running: Promise.resolve(null as never),
        ended: false,
        row: 0,
        chosen: false,
        contactTyped: true,
      };
      w.running = runCli(
        [
          'book',
          'car',
          // Every station: some providers' rates need no card.
          '--pickup-date',
          pickup,
          '--dropoff-date',
          addDays(pickup, 3),
          '--first-name',
          'Jón',
          '--last-name',
          'Jónsson',
          '--email',
          `jon.replay${replay}@example.com`,
          '--phone',
          '+354 555 1234',
        ],
        {
          configDir: agent,
          isTTY: true,
          tty: w.tty,
          stdout: w.screen,
          fetch: fastProviders(world.server).fetch,
          pollMs: FAST_POLL_MS,
        },
      ).finally(() => {
        w.ended = true;
      });
      await next(w, 0, 'Enter: book this one');
      return w;
    },
  },
  events: {
    'flow.book': async (w) => {
      const from = w.screen.text.length;
      if (!w.chosen) await keys(w, ...Array(w.row).fill('\u001b[B'), '\u001b[C');
      w.chosen = true;
      await keys(w, '\r');
      await next(w, from, 'Esc: back to the rooms');
    },
    'flow.back': async (w) => {
      const from = w.screen.text.length;
      await keys(w, '\u001b');
      await until(
        () => /Enter: continue · Esc: back|Enter: book this one/.test(w.screen.text.slice(from)),
        () => w.screen.text.slice(-1500),
        15_000,
      );
      await tick(100);
    },
    'booking.succeeded': async (w) => {
      const from = w.screen.text.length;
      if (!w.contactTyped)
        await keys(w, 'Anna', '\r', 'Jónsdóttir', '\r', `anna.replay${replay}@example.com`, '\r', '\r');
      w.contactTyped = true;
      // Enter through what is filled already (the driver from the flags, the contact typed before).
      for (let i = 0; i < 8 && !w.screen.text.slice(from).includes('Accept the policy and book?'); i++) {
        await keys(w, '\r');
        await tick(80);
      }
      await next(w, from, 'Accept the policy and book?');
      await keys(w, 'y');
    },
    'step.select': { excluded: 'the terminal wizards have one way back from the checkout, Esc (flow.back)' },
    'booking.new': {
      excluded: '`tern book stay` and `tern book car` end once booked: another booking is another command',
    },
    'query.change': {
      excluded: 'the commands’ stay or rental is their flags: there is no query string to change',
    },
    'car.choose': async (w) => {
      // Enter books the offer under the cursor once every provider has answered; an offer whose rate needs a
      // card is refused (no card on a terminal): the next one is tried.
      for (let tries = 0; tries < 100; tries++) {
        const from = w.screen.text.length;
        await keys(w, '\r');
        await tick(250);
        const shown = w.screen.text.slice(from);
        if (shown.includes('Esc: back to the offers')) return;
        if (shown.includes('needs a card')) await keys(w, '\u001b[B');
      }
      throw new Error(`no offer could be chosen:\n${w.screen.text.slice(-1500)}`);
    },
  },
  finish: async (w) => {
    if (!w.ended) w.tty.write('\u0003');
    await w.running;
  },
});
