import { describeModel } from '../test/modelPaths.js';
import { bookingFlowModel } from './bookingFlow.model.js';

describeModel(bookingFlowModel);
