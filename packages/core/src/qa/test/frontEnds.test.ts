import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { LiveActorReport } from '../live.js';
import { firstStep, follow, lastReport, missedStep, nextStep } from './follow.js';
import { exclusionReasons, frontEndPlan, planFigure } from './frontEnds.js';
import type { ModelOptions } from './paths.js';

const machine = setup({ actors: { load: fromPromise(async () => 1) } }).createMachine({
  id: 'm',
  initial: 'a',
  states: {
    a: { on: { go: 'loading', other: 'c' } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'b', onError: 'a' } },
    b: { on: { back: 'a' } },
    c: {},
  },
});
const model: ModelOptions = {
  name: 'm',
  machine,
  scenarios: [
    { name: 'one', input: () => ({}) },
    { name: 'two', input: () => ({}) },
  ],
  simplePaths: 0,
};
const all = {
  go: true,
  other: true,
  back: true,
  'xstate.done.actor.load': true,
  'xstate.error.actor.load': true,
};

describe('a front end’s plan of the model-based paths', () => {
  it('replays each path once, the paths another one starts with inside it', () => {
    const plan = frontEndPlan(model, { frontEnd: 'web', scenarios: { one: true, two: true }, events: all });
    expect(plan.total).toBe(12);
    expect(plan.replayed).toBe(12);
    expect(plan.missing).toEqual([]);
    // Per scenario: a → loading → b → back, a → loading → a (error), a → c; the shorter ones inside them.
    expect(plan.replays.map((r) => r.name).sort()).toEqual([
      'one, shortest: other',
      'one, transition: go → done(load) → back',
      'one, transition: go → error(load)',
      'two, shortest: other',
      'two, transition: go → done(load) → back',
      'two, transition: go → error(load)',
    ]);
    const back = plan.replays.find((r) => r.name === 'one, transition: go → done(load) → back')!;
    expect(back.covers.sort()).toEqual([
      'one, shortest: ',
      'one, shortest: go',
      'one, shortest: go → done(load)',
    ]);
    expect(back.steps.map((s) => s.value)).toEqual(['a', 'loading', 'b', 'a']);
    expect(planFigure(plan)).toBe(
      '  web  m                        paths replayed   12/12, excluded 0 (6 sessions)',
    );
  });

  it('lists the paths of an excluded event or scenario with the reason', () => {
    const plan = frontEndPlan(model, {
      frontEnd: 'cli',
      scenarios: { one: true, two: { excluded: 'no such screen' } },
      events: { ...all, 'xstate.error.actor.load': { excluded: 'the server never refuses' } },
    });
    expect(plan.replayed).toBe(5);
    expect(plan.excluded).toHaveLength(7);
    expect(exclusionReasons(plan)).toEqual([
      '1 × xstate.error.actor.load: the server never refuses',
      '6 × scenario: no such screen',
    ]);
  });

  it('excludes the samples of an event that match, and replays the others', () => {
    // Two samples of `go` that lead apart: the fast one cannot come from this front end.
    const fork = setup({}).createMachine({
      id: 'f',
      initial: 'a',
      states: {
        a: {
          on: { go: [{ guard: ({ event }) => event.fast === true, target: 'fast' }, { target: 'slow' }] },
        },
        fast: {},
        slow: {},
      },
    });
    const twice: ModelOptions = {
      name: 'f',
      machine: fork,
      scenarios: [model.scenarios[0]!],
      events: {
        go: [
          { type: 'go', fast: true },
          { type: 'go', fast: false },
        ],
      },
    };
    const plan = frontEndPlan(twice, {
      frontEnd: 'web',
      scenarios: { one: true },
      events: { go: { excludedIf: [{ match: { fast: true }, reason: 'no fast button' }] } },
    });
    expect(plan.excluded.map((e) => e.reason)).toContain('go: no fast button');
    const sent = plan.replays.flatMap((r) => r.steps.map((s) => s.event));
    expect(sent).toContainEqual({ type: 'go', fast: false });
    expect(sent).not.toContainEqual({ type: 'go', fast: true });
  });

  it('excludes an event in the states no screen sends it from, and replays it in the others', () => {
    const plan = frontEndPlan(model, {
      frontEnd: 'web',
      scenarios: { one: true, two: true },
      events: {
        ...all,
        go: true,
        back: { excludedIf: [{ in: ['b'], reason: 'no back button on b' }] },
        other: { excludedIf: [{ in: ['b'], reason: 'never excludes: other is sent in a only' }] },
      },
    });
    expect(exclusionReasons(plan)).toEqual(['2 × back: no back button on b']);
    expect(plan.replayed).toBe(10);
    const sent = plan.replays.flatMap((r) => r.steps.map((s) => s.event.type));
    expect(sent).toContain('other');
    expect(sent).not.toContain('back');
  });

  it('excludes an event in the scenarios whose screen does not send it, and replays it in the others', () => {
    const plan = frontEndPlan(model, {
      frontEnd: 'web',
      scenarios: { one: true, two: true },
      events: { ...all, back: { excludedIf: [{ scenarios: ['two'], reason: 'no back button there' }] } },
    });
    expect(exclusionReasons(plan)).toEqual(['1 × back: no back button there']);
    const backs = plan.replays.filter((r) => r.steps.some((s) => s.event.type === 'back'));
    expect(backs.map((r) => r.scenario)).toEqual(['one']);
  });

  it('excludes the paths the table says no front end session can make', () => {
    const plan = frontEndPlan(model, {
      frontEnd: 'cli',
      scenarios: { one: true, two: true },
      events: all,
      excludePath: (steps) => (steps.some((s) => s.event.type === 'back') ? 'one command, one call' : null),
    });
    expect(exclusionReasons(plan)).toEqual(['2 × one command, one call']);
    expect(plan.replayed).toBe(10);
  });

  it('names the events without a driver, and counts nothing replayed', () => {
    const { back: _, ...events } = all;
    const plan = frontEndPlan(model, { frontEnd: 'web', scenarios: { one: true, two: true }, events });
    expect(plan.missing).toEqual(['back']);
    expect(plan.replayed).toBe(0);
    expect(planFigure(plan)).toContain('NO DRIVER for back');
  });

  it('refuses a scenario the table does not name', () => {
    expect(() => frontEndPlan(model, { frontEnd: 'web', scenarios: { one: true }, events: all })).toThrow(
      'No driver for the scenario “two”',
    );
  });
});

describe('following a front end’s actor through its live reports', () => {
  const path = frontEndPlan(model, {
    frontEnd: 'web',
    scenarios: { one: true, two: true },
    events: all,
  }).replays.find((r) => r.name === 'one, transition: go → done(load) → back')!;
  const report = (actor: string, event: string, value: string): LiveActorReport => ({
    kind: 'actor',
    source: 'tab',
    actor,
    machine: 'm',
    status: 'active',
    value,
    active: [],
    context: {},
    event,
    at: 0,
  });

  it('takes a new actor, passes over reports that keep the state, and finds each step in order', () => {
    const reports = [report('old', 'xstate.init', 'a')];
    const following = follow(reports, 'm');
    expect(firstStep(reports, following, 'm', path)).toBeNull();
    reports.push(
      report('x', 'xstate.init', 'a'),
      report('old', 'go', 'loading'),
      report('x', 'xstate.init', 'a'),
    );
    expect(firstStep(reports, following, 'm', path)?.actor).toBe('x');
    expect(nextStep(reports, following, path, 1)).toBeNull();
    expect(missedStep(reports, following, path, 1)).toBe(
      'step 1 (go): the actor never reached "loading" (active); reported since the last step: "a" (active) after xstate.init',
    );
    reports.push(report('x', 'go', 'loading'), report('x', 'xstate.done.actor.load', 'b'));
    expect(nextStep(reports, following, path, 1)).toBe(true);
    expect(nextStep(reports, following, path, 2)).toBe(true);
    expect(lastReport(reports, following)?.value).toBe('b');
  });

  it('follows the new actor that takes the first step when the screen made two', () => {
    const reports = [report('dropped', 'xstate.init', 'a'), report('kept', 'xstate.init', 'a')];
    const following = follow([], 'm');
    expect(firstStep(reports, following, 'm', path)?.actor).toBe('dropped');
    reports.push(report('dropped', 'xstate.init', 'a'), report('kept', 'go', 'loading'));
    expect(nextStep(reports, following, path, 1)).toBe(true);
    expect(lastReport(reports, following)?.actor).toBe('kept');
    reports.push(report('dropped', 'go', 'loading'));
    expect(nextStep(reports, following, path, 2)).toBeNull();
  });

  const stopped = (actor: string, value: string): LiveActorReport => ({
    ...report(actor, 'xstate.stop', value),
    status: 'stopped',
  });

  it('with handoff, follows the next page’s actor when the followed one stops in the path’s state', () => {
    const reports = [report('p1', 'xstate.init', 'a')];
    const following = follow([], 'm', { handoff: true });
    firstStep(reports, following, 'm', path);
    reports.push(report('p1', 'go', 'loading'), stopped('p1', 'loading'));
    expect(nextStep(reports, following, path, 1)).toBe(true);
    expect(nextStep(reports, following, path, 2)).toBeNull();
    // The next page's actor starts where the path is, and takes the step; the old one is not followed again.
    reports.push(report('p2', 'xstate.init', 'loading'), report('p2', 'xstate.done.actor.load', 'b'));
    expect(nextStep(reports, following, path, 2)).toBe(true);
    reports.push(report('p1', 'back', 'a'), report('p2', 'back', 'a'));
    expect(nextStep(reports, following, path, 3)).toBe(true);
    expect(lastReport(reports, following)?.actor).toBe('p2');
  });

  it('with handoff, fails when the next page’s actor starts in another state than the path’s', () => {
    const reports = [
      report('p1', 'xstate.init', 'a'),
      report('p1', 'go', 'loading'),
      stopped('p1', 'loading'),
    ];
    const following = follow([], 'm', { handoff: true });
    firstStep(reports, following, 'm', path);
    expect(nextStep(reports, following, path, 1)).toBe(true);
    reports.push(report('p2', 'xstate.init', 'a'));
    expect(() => nextStep(reports, following, path, 2)).toThrow(
      'step 2 (xstate.done.actor.load): a new m actor starts in "a" (active) after xstate.init; the path is in "loading"',
    );
  });

  it('without handoff, a stop is leaving the state', () => {
    const reports = [report('p1', 'xstate.init', 'a'), stopped('p1', 'a')];
    const following = follow([], 'm');
    firstStep(reports, following, 'm', path);
    expect(() => nextStep(reports, following, path, 1)).toThrow('the actor went to "a" (stopped)');
  });

  it('passes over a step’s report that keeps the state but does not show what the driver did', () => {
    // A step that keeps the state (an event that changes the context only), reported once before the driver.
    const keep = {
      name: 'keep',
      scenario: 'one',
      covers: [],
      steps: [
        { event: { type: 'xstate.init' }, value: 'a', status: 'active' },
        { event: { type: 'q' }, value: 'a', status: 'active' },
      ],
    };
    const reports = [report('x', 'xstate.init', 'a')];
    const following = follow([], 'm');
    firstStep(reports, following, 'm', keep);
    reports.push({ ...report('x', 'q', 'a'), context: { n: 1 } });
    const accept = (r: LiveActorReport) => (r.context as { n?: number }).n === 2;
    expect(nextStep(reports, following, keep, 1, accept)).toBeNull();
    reports.push({ ...report('x', 'q', 'a'), context: { n: 2 } });
    expect(nextStep(reports, following, keep, 1, accept)).toBe(true);
    // A step that leaves the state with a report that fails `accept` fails.
    const other = [report('y', 'xstate.init', 'a'), { ...report('y', 'go', 'loading'), context: { n: 1 } }];
    const followingY = follow([], 'm');
    firstStep(other, followingY, 'm', path);
    expect(() => nextStep(other, followingY, path, 1, accept)).toThrow('the actor went to "loading"');
  });

  it('fails a step when the actor leaves the state for another', () => {
    const reports = [report('x', 'xstate.init', 'a'), report('x', 'other', 'c')];
    const following = follow([], 'm');
    firstStep(reports, following, 'm', path);
    expect(() => nextStep(reports, following, path, 1)).toThrow(
      'step 1 (go): the actor went to "c" (active) after other; the path says "loading" (active) after go',
    );
  });
});
