import {
  campaignLifecycleModel,
  campaignSaveModel,
  publicCampaignModel,
} from '../../campaigns/machines.model.js';
import { cancelGiftCardModel, redemptionModel } from '../../redemption/machines.model.js';
import {
  purchaseStatusModel,
  storeCardModel,
  storeCartModel,
  storeCheckoutModel,
  storePaymentModel,
} from '../../store/machines.model.js';
import type { ModelOptions } from '../test/paths.js';
import { bookingFlowModel } from './bookingFlow.model.js';
import { cardFrameModel } from './cardFrame.model.js';
import { contractActionsModel } from './contractActions.model.js';
import { signInModel } from './signIn.model.js';
import { vehicleQueryModel } from './vehicleQuery.model.js';

/**
 * The models (machine, scenarios, sample events) of the machines the front ends replay
 * too (the store's five in `store/machines.model.ts`, the redemption's two in `redemption/machines.model.ts`, the campaigns' three in `campaigns/machines.model.ts`: the public page's and the staff page's lifecycle and save sequence): core's model-based tests use them (`*.model.test.ts`), and so do the web app's browser tests and the
 * CLI's terminal tests, through `frontEnds.ts` (`@tern/core/qa/model`, source condition only).
 */
export const frontEndModels = {
  bookingFlowMachine: bookingFlowModel,
  cardFrameMachine: cardFrameModel,
  signInMachine: signInModel,
  contractActionsMachine: contractActionsModel,
  vehicleQueryMachine: vehicleQueryModel,
  storeCartMachine: storeCartModel,
  storeCheckoutMachine: storeCheckoutModel,
  storePaymentMachine: storePaymentModel,
  purchaseStatusMachine: purchaseStatusModel,
  storeCardMachine: storeCardModel,
  redemptionMachine: redemptionModel,
  cancelGiftCardMachine: cancelGiftCardModel,
  publicCampaignMachine: publicCampaignModel,
  campaignLifecycleMachine: campaignLifecycleModel,
  campaignSaveMachine: campaignSaveModel,
} satisfies Record<string, ModelOptions>;

export type FrontEndMachine = keyof typeof frontEndModels;

export * from '../test/follow.js';
export * from '../test/frontEnds.js';
export * from '../test/paths.js';
export * from '../test/replies.js';
export { bookingFlowModel, cardFrameModel, contractActionsModel, signInModel, vehicleQueryModel };
