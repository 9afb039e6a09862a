import { type FrontEndMachine, frontEndModels } from '../model/index.js';
import { type DriverKeys, exclusionReasons, frontEndPlan, planFigure } from './frontEnds.js';

/**
 * `node --conditions=source --import tsx planScript.ts '{"machine": …, "drivers": …}'` writes a front end's
 * plan (`frontEnds.ts`), its figure and its exclusions' reasons as JSON: for the browser tests, whose runner cannot load core's sources itself.
 */
const { machine, drivers } = JSON.parse(process.argv[2] ?? '{}') as {
  machine: FrontEndMachine;
  drivers: DriverKeys;
};
const model = frontEndModels[machine];
if (!model) throw new Error(`No front-end model for ${machine}`);
const plan = frontEndPlan(model, drivers);
process.stdout.write(JSON.stringify({ plan, figure: planFigure(plan), reasons: exclusionReasons(plan) }));
