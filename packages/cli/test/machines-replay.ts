import { isDeepStrictEqual } from 'node:util';
import type { LiveActorReport } from '@tern/core';
import {
  type Excluded,
  type ExcludedSamples,
  exclusionReasons,
  type FrontEndMachine,
  type FrontEndPath,
  type FrontEndPlan,
  frontEndModels,
  frontEndPlan,
  isExcluded,
  planFigure,
} from '@tern/core/machines/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startInspector } from '../src/inspect/server.js';
import { tick } from './helpers/cli.js';

/**
 * Core's model-based paths of a machine replayed through the real `tern` command (issue 13): the test gives a
 * driver table (`@tern/core/machines/model`'s `frontEnds.ts`) — how each scenario starts (a command on a fake
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
  /** How long a step may take to show (default 15 s). */
  stepTimeout?: number;
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

const shortly = (r: LiveActorReport) => `${JSON.stringify(r.value)} (${r.status}) after ${r.event}`;

/**
 * Follows one actor of a machine through the reports: the first step is a new actor's first report, each
 * next one the next report taking the step's event into its state; a report in between that leaves the
 * previous state fails the replay.
 */
export class LiveFollower {
  private cursor: number;
  private actor: string | null = null;
  private known: Set<string>;
  constructor(
    private readonly reports: LiveActorReport[],
    private readonly machine: string,
    private readonly timeout: number,
  ) {
    this.cursor = reports.length;
    this.known = new Set(reports.filter((r) => r.machine === machine).map((r) => r.actor));
  }

  private async wait<T>(find: () => T | null, what: () => string): Promise<T> {
    const end = Date.now() + this.timeout;
    for (;;) {
      const found = find();
      if (found !== null) return found;
      if (Date.now() > end) throw new Error(what());
      await tick(15);
    }
  }

  /** The followed actor's last report. */
  last(): LiveActorReport | undefined {
    return this.reports.findLast((r) => r.actor === this.actor);
  }

  /** The new actor's first state must be the path's first. */
  async first(path: FrontEndPath) {
    const [start] = path.steps;
    const report = await this.wait(
      () => {
        const i = this.reports.findIndex(
          (r, at) => at >= this.cursor && r.machine === this.machine && !this.known.has(r.actor),
        );
        return i < 0 ? null : { i, r: this.reports[i]! };
      },
      () => `no new ${this.machine} actor was reported`,
    );
    this.actor = report.r.actor;
    this.cursor = report.i + 1;
    expect(report.r.value, `the ${this.machine} actor starts in`).toEqual(start!.value);
  }

  /** Step `index` of the path must show next (its event, its state), nothing else moving before it. */
  async step(path: FrontEndPath, index: number) {
    const step = path.steps[index]!;
    const before = path.steps[index - 1]!;
    const mine = () => this.reports.filter((r, at) => at >= this.cursor && r.actor === this.actor);
    await this.wait(
      () => {
        for (let at = this.cursor; at < this.reports.length; at++) {
          const r = this.reports[at]!;
          if (r.actor !== this.actor) continue;
          if (
            r.event === step.event.type &&
            isDeepStrictEqual(r.value, step.value) &&
            r.status === step.status
          ) {
            this.cursor = at + 1;
            return true;
          }
          if (!isDeepStrictEqual(r.value, before.value) || r.status !== before.status)
            throw new Error(
              `step ${index} (${step.event.type}): the actor went to ${shortly(r)}; the path says ${JSON.stringify(
                step.value,
              )} (${step.status}) after ${step.event.type}`,
            );
        }
        return null;
      },
      () =>
        `step ${index} (${step.event.type}): the actor never reached ${JSON.stringify(step.value)} (${
          step.status
        }); reported since the last step: ${mine().map(shortly).join(', ') || 'nothing'}`,
    );
  }
}

const driverOf = <C>(entry: EventDriver<C>): StepDriver<C> | null =>
  isExcluded(entry) ? null : typeof entry === 'function' ? entry : entry.drive;

/** The plan of the paths for the CLI, its replays as tests, and its figure printed at the end. */
export function describeCliReplays<C>(drivers: CliDrivers<C>): FrontEndPlan {
  const plan = frontEndPlan(frontEndModels[drivers.machine], {
    frontEnd: 'cli',
    scenarios: drivers.scenarios,
    events: drivers.events,
  });
  const stream = liveStream();
  describe(`${drivers.machine} through the tern command (model-based paths)`, () => {
    beforeAll(() => stream.open());
    afterAll(async () => {
      await stream.close();
      console.log(
        `Machine paths through the CLI:\n${planFigure(plan)}\n${exclusionReasons(plan)
          .map((r) => `       excluded: ${r}`)
          .join('\n')}`,
      );
    });

    it('has a driver or a stated exclusion for every event of the paths', () => {
      expect(plan.missing, `events of ${drivers.machine} with no CLI driver`).toEqual([]);
      expect(plan.replays.length).toBeGreaterThan(0);
    });

    it.each(plan.replays.map((p) => [p.name, p] as const))('replays %s', async (_, path) => {
      const scenario = drivers.scenarios[path.scenario];
      if (!scenario || isExcluded(scenario)) throw new Error(`scenario ${path.scenario} is excluded`);
      const follower = new LiveFollower(stream.reports, drivers.liveMachine, drivers.stepTimeout ?? 15_000);
      const ctx = await scenario(path);
      try {
        await follower.first(path);
        for (let i = 1; i < path.steps.length; i++) {
          const entry = drivers.events[path.steps[i]!.event.type];
          const drive = entry ? driverOf(entry) : null;
          if (!drive) throw new Error(`no driver for ${path.steps[i]!.event.type}`);
          await drive(ctx, path, i, () => follower.last());
          await follower.step(path, i);
        }
      } finally {
        await drivers.finish(ctx);
      }
    });
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
