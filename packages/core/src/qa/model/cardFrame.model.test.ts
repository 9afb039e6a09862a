import { describeModel } from '../test/modelPaths.js';
import { cardFrameModel } from './cardFrame.model.js';

describeModel(cardFrameModel);
