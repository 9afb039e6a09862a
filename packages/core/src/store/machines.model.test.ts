import { describeModel } from '../qa/test/modelPaths.js';
import {
  purchaseStatusModel,
  storeCardModel,
  storeCartModel,
  storeCheckoutModel,
  storePaymentModel,
} from './machines.model.js';

// The store's machines (M30–M33, M36), every state and transition replayed from their graphs (qa/test/modelPaths).
for (const model of [
  storeCartModel,
  storeCheckoutModel,
  storePaymentModel,
  purchaseStatusModel,
  storeCardModel,
])
  describeModel(model);
