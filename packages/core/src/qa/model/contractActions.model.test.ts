import { describeModel } from '../test/modelPaths.js';
import { contractActionsModel } from './contractActions.model.js';

describeModel(contractActionsModel);
