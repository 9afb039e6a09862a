import { describeModel } from '../qa/test/modelPaths.js';
import { cancelGiftCardModel, redemptionModel } from './machines.model.js';

// The redemption's machines (M34, M35), every state and transition replayed from their graphs (qa/test/modelPaths).
for (const model of [redemptionModel, cancelGiftCardModel]) describeModel(model);
