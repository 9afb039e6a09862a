import { describeModel } from '../qa/test/modelPaths.js';
import { campaignLifecycleModel, campaignSaveModel, publicCampaignModel } from './machines.model.js';

// The campaign machines (M28, M29, M41), every state and transition replayed from their graphs (qa/test/modelPaths).
for (const model of [campaignLifecycleModel, campaignSaveModel, publicCampaignModel]) describeModel(model);
