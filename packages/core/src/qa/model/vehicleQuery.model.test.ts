import { describeModel } from '../test/modelPaths.js';
import { vehicleQueryModel } from './vehicleQuery.model.js';

describeModel(vehicleQueryModel);
