import { type FrontEndMachine, frontEndModels } from '../model/index.js';
import { type DriverKeys, frontEndPlan } from './frontEnds.js';

/**
 * `node --conditions=source --import tsx planScript.ts '{"machine": …, "drivers": …}'` writes a front end's
 * plan (`frontEnds.ts`) as JSON: for the browser tests, whose runner cannot load core's sources itself.
 */
const { machine, drivers } = JSON.parse(process.argv[2] ?? '{}') as {
  machine: FrontEndMachine;
  drivers: DriverKeys;
};
const model = frontEndModels[machine];
if (!model) throw new Error(`No front-end model for ${machine}`);
process.stdout.write(JSON.stringify(frontEndPlan(model, drivers)));
