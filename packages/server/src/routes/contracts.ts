import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  actOnContract,
  createContract,
  discover,
  getReseller,
  listAgents,
  listContracts,
  listResellers,
  requestContract,
} from '../services/contracts/contracts.js';
import { agentOf, viewerOf } from './callers.js';

export const contractsHandlers: AreaHandlers<Contract['contracts']> = {
  list: ({ query }, ctx) => listContracts(ctx.db, viewerOf(ctx), query),
  discover: ({ query }, ctx) => discover(ctx.db, viewerOf(ctx), query),
  resellers: ({ query }, ctx) => listResellers(ctx.db, query),
  resellerDetails: ({ owned }, ctx) => getReseller(ctx.db, owned.id.id),
  agents: ({ query }, ctx) => listAgents(ctx.db, agentOf(ctx).agencyId, query),
  create: ({ body }, ctx) => createContract(ctx.db, ctx.clock, viewerOf(ctx), body),
  request: ({ body }, ctx) => requestContract(ctx.db, ctx.clock, viewerOf(ctx), body),
  approve: ({ params }, ctx) => actOnContract(ctx.db, ctx.clock, viewerOf(ctx), params.id, 'approve'),
  decline: ({ params }, ctx) => actOnContract(ctx.db, ctx.clock, viewerOf(ctx), params.id, 'decline'),
  cancel: ({ params }, ctx) => actOnContract(ctx.db, ctx.clock, viewerOf(ctx), params.id, 'cancel'),
  terminate: ({ params }, ctx) => actOnContract(ctx.db, ctx.clock, viewerOf(ctx), params.id, 'terminate'),
};
