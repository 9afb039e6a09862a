import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveActorReport } from '@tern/core/qa';
import {
  type Excluded,
  type ExcludedSamples,
  exclusionReasons,
  type Following,
  type FrontEndMachine,
  type FrontEndPath,
  type FrontEndPlan,
  firstStep,
  follow,
  frontEndModels,
  frontEndPlan,
  isExcluded,
  lastReport,
  missedStep,
  nextStep,
  planFigure,
} from '@tern/core/qa/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startInspector } from '../src/inspect/server.js';
import { tick } from './helpers/cli.js';

/**
 * Core's model-based paths of a machine replayed through the real `tern` command: the test gives a
 * driver table (`@tern/core/qa/model`'s `frontEnds.ts`) — how each scenario starts (a command on a fake
 * terminal against the real test server) and, for each event type, the keys that make the command send it (an
 * answer the server cannot give on demand is a failure on the way to it, through the command's `fetch`) — and
 * each path is replayed: after each step, the command's own `--inspect` stream (core's live reports over the
 * loopback WebSocket) must show the actor taking that event into the state the graph predicted, with no other
 * state in between.
 */

/** A step's action; `live()` is the followed actor's last report (its context: what a field holds now). */
export type StepDriver<C> = (
  ctx: C,
  path: FrontEndPath,
  index: number,
  live: () => LiveActorReport | undefined,
) => Promise<void>;
export type EventDriver<C> = StepDriver<C> | Excluded | (ExcludedSamples & { drive: StepDriver<C> });

export interface CliDrivers<C> {
  machine: FrontEndMachine;
  /** The machine's id, as the live reports name it. */
  liveMachine: string;
  scenarios: Record<string, ((path: FrontEndPath) => Promise<C>) | Excluded>;
  events: Record<string, EventDriver<C>>;
  /** Ends what the scenario started (the command), whatever the path did. */
  finish: (ctx: C) => Promise<void>;
  /** How long a step may take to show (default 15 s), and a whole replay (default vitest's). */
  stepTimeout?: number;
  replayTimeout?: number;
  /** Why a whole path cannot come from the command (core's `excludePath`), or `null`. */
  excludePath?: (steps: readonly FrontEndPath['steps'][number][]) => string | null;
  /**
   * The actor is made by the first step's command (one command, one actor): the first step's driver runs
   * before the actor's first state is read.
   */
  actorPerCommand?: boolean;
}

/** The `--inspect` stream's reports, as they arrive on a client of the loopback server. */
export function liveStream() {
  const reports: LiveActorReport[] = [];
  let close = async () => {};
  return {
    reports,
    async open() {
      const inspector = await startInspector(0);
      const socket = new WebSocket(`ws://127.0.0.1:${inspector.port}`);
      socket.on('message', (data: Buffer) => reports.push(JSON.parse(String(data)) as LiveActorReport));
      await new Promise<void>((resolve, reject) => {
        socket.on('open', () => resolve());
        socket.on('error', reject);
      });
      close = async () => {
        socket.close();
        await inspector.close();
      };
    },
    close: () => close(),
  };
}

/** Follows one actor of a machine through the reports (core's `follow.ts`, as the browser tests do). */
export class LiveFollower {
  private following: Following;
  constructor(
    private readonly reports: LiveActorReport[],
    private readonly machine: string,
    private readonly timeout: number,
  ) {
    this.following = follow(reports, machine);
  }

  private async wait(check: () => unknown, what: () => string): Promise<void> {
    const end = Date.now() + this.timeout;
    while (check() === null) {
      if (Date.now() > end) throw new Error(what());
      await tick(15);
    }
  }

  last = () => lastReport(this.reports, this.following);

  first = (path: FrontEndPath) =>
    this.wait(
      () => firstStep(this.reports, this.following, this.machine, path),
      () => `no new ${this.machine} actor was reported`,
    );

  step = (path: FrontEndPath, index: number) =>
    this.wait(
      () => nextStep(this.reports, this.following, path, index),
      () => missedStep(this.reports, this.following, path, index),
    );
}

const driverOf = <C>(entry: EventDriver<C>): StepDriver<C> | null =>
  isExcluded(entry) ? null : typeof entry === 'function' ? entry : entry.drive;

/** The plan of the paths for the CLI, its replays as tests, and its figure printed at the end. */
export function describeCliReplays<C>(drivers: CliDrivers<C>): FrontEndPlan {
  const plan = frontEndPlan(frontEndModels[drivers.machine], {
    frontEnd: 'cli',
    scenarios: drivers.scenarios,
    events: drivers.events,
    ...(drivers.excludePath ? { excludePath: drivers.excludePath } : {}),
  });
  const stream = liveStream();
  describe(`${drivers.machine} through the tern command (model-based paths)`, () => {
    beforeAll(() => stream.open());
    afterAll(() => stream.close());

    it('has a driver or a stated exclusion for every event of the paths', () => {
      // The figure: beside core's coverage table in a whole run (core's global setup names the directory),
      // else on the console.
      const figure = `${planFigure(plan)}\n${exclusionReasons(plan)
        .map((r) => `       excluded: ${r}`)
        .join('\n')}`;
      const dir = process.env.TERN_MACHINE_FIGURES;
      if (dir) writeFileSync(join(dir, `front-cli-${drivers.machine}.txt`), `${figure}\n`);
      else console.log(`Machine paths through the CLI:\n${figure}`);
      expect(plan.missing, `events of ${drivers.machine} with no CLI driver`).toEqual([]);
      // Every path is replayed or excluded with its reason.
      expect(plan.replayed + plan.excluded.length).toBe(plan.total);
    });

    it.each(plan.replays.map((p) => [p.name, p] as const))(
      'replays %s',
      async (_, path) => {
        const scenario = drivers.scenarios[path.scenario];
        if (!scenario || isExcluded(scenario)) throw new Error(`scenario ${path.scenario} is excluded`);
        const follower = new LiveFollower(stream.reports, drivers.liveMachine, drivers.stepTimeout ?? 15_000);
        const ctx = await scenario(path);
        const driveStep = async (i: number) => {
          const entry = drivers.events[path.steps[i]!.event.type];
          const drive = entry ? driverOf(entry) : null;
          if (!drive) throw new Error(`no driver for ${path.steps[i]!.event.type}`);
          await drive(ctx, path, i, () => follower.last());
        };
        try {
          const early = drivers.actorPerCommand === true && path.steps.length > 1;
          if (early) await driveStep(1);
          await follower.first(path);
          for (let i = 1; i < path.steps.length; i++) {
            if (!(early && i === 1)) await driveStep(i);
            await follower.step(path, i);
          }
        } finally {
          await drivers.finish(ctx);
        }
      },
      drivers.replayTimeout,
    );
  });
  return plan;
}

/** The first outcome (`done` or `error`) of the invoked actor `actor` after step `index`, if the path has one. */
export function nextOutcome(path: FrontEndPath, index: number, actor: string) {
  for (const step of path.steps.slice(index + 1)) {
    const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
    if (m && m[2] === actor) return { kind: m[1] as 'done' | 'error', event: step.event };
  }
  return null;
}

/** Whether step `index + 1` is the outcome of `actor` (the call the step at `index` starts). */
export function outcomeNext(path: FrontEndPath, index: number, actor: string) {
  const next = path.steps[index + 1]?.event.type ?? '';
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(next);
  return m && m[2] === actor ? (m[1] as 'done' | 'error') : null;
}
