import { describeModel } from '../test/modelPaths.js';
import { signInModel } from './signIn.model.js';

describeModel(signInModel);
