import * as z from 'zod';
import { id, listOf, pageQuery, propertyType, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { contractTerms, occupancy } from './engine.js';
import { NOTE_MAX, SEARCH_TERM_MAX } from './limits.js';

// Contracts between agencies and properties (document 1 §2 contracts page, §3 contract and discover row,
// §4 contract lifecycle, §5 contract creation, §6 roles, §7 contracts calls): who may book what, at which
// price. One side proposes, the other accepts or declines, the proposer may withdraw, either ends an active one.

export const contractStatus = z.enum(['proposed', 'approved', 'declined', 'cancelled', 'terminated']);
export const modifierLogic = contractTerms.shape.modifierLogic;

export const contractRecord = z.object({
  id: recordId,
  type: z.literal('contract'),
  /** `proposed` is shown as pending, `approved` as active. */
  status: contractStatus,
  initiator: z.enum(['reseller', 'supplier']),
  agentId: recordId,
  agentName: z.string(),
  ternHotelName: z.string(),
  /** The property. */
  channelId: recordId,
  propertyType,
  modifierLogic,
  modifierAmount: z.number(),
  /** The property's currency: an amount modifier is in it, per unit and night. */
  currency: z.string(),
  requestMessage: z.string().nullable(),
  /** Units and the plans the contract covers. */
  roomRates: z.array(
    z.object({
      id: recordId,
      title: z.string(),
      ratePlans: z.array(z.object({ id: recordId, title: z.string(), occupancy })),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractRecord = z.infer<typeof contractRecord>;

export const discoverRow = z.object({
  id: recordId,
  type: z.literal('discover'),
  propertyId: recordId,
  name: z.string(),
  email: z.string(),
  country: z.string(),
  phone: z.string(),
  timezone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  propertyType,
  /** The agency's live contract with it (proposed or approved), if any. */
  contract: z
    .object({ id: recordId, status: contractStatus, initiator: z.enum(['reseller', 'supplier']) })
    .nullable(),
});
export type DiscoverRow = z.infer<typeof discoverRow>;

export const resellerDetails = z.object({
  id: recordId,
  type: z.literal('reseller'),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address1: z.string(),
  city: z.string(),
  zipCode: z.string(),
  country: z.string(),
  taxId: z.string(),
  governmentId: z.string(),
  legalName: z.string(),
  emailInvoice: z.string(),
});
export type ResellerDetails = z.infer<typeof resellerDetails>;

/** One user of the caller's agency (the bookings list's booker filter). */
export const agentRow = z.object({
  id: recordId,
  type: z.literal('agent'),
  name: z.string(),
  email: z.string(),
});
export type AgentRow = z.infer<typeof agentRow>;

export const contractCreateBody = z.object({
  propertyId: id,
  propertyType,
  /** The agency (a supplier proposing to one); a reseller proposes for their own. */
  agentId: id.optional(),
  contract: z.object({
    modifierLogic,
    modifierAmount: z.number().min(0, { error: 'Use 0 or more' }).max(100_000),
    /** The rate plans covered: at least one for a hotel (document 1 §5); a car station's contract covers its cars. */
    ratePlanIds: z.array(id).max(500),
  }),
});
export type ContractCreateBody = z.input<typeof contractCreateBody>;

const actionBody = z.object({ propertyType: propertyType.optional(), propertyId: id.optional() });
const contractRef = z.object({ id });
const sides = ['reseller', 'supplier'] as const;

const action = (verb: string, summary: string) =>
  endpoint({
    method: 'PUT',
    path: `/api/v2/resellers/contracts/{id}/${verb}`,
    summary,
    access: sides,
    owns: { id: 'contract', propertyId: 'property' },
    params: contractRef,
    body: actionBody,
    reply: 'resource',
    response: contractRecord,
    errors: [403, 404, 409],
  });

export const contractsArea = defineArea('contracts', {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/contracts',
    summary:
      'The caller’s contracts: a reseller’s agency’s, a supplier’s properties’ (`propertyId` narrows to one); `active` or `pending`.',
    access: ['reseller', 'supplier', 'admin'],
    apiKey: 'read',
    owns: { propertyId: 'property' },
    query: z.object({
      ...pageQuery,
      status: z.enum(['active', 'pending']).default('active'),
      propertyId: id.optional(),
      term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
    }),
    reply: 'list',
    response: listOf(contractRecord),
  }),
  discover: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/suppliers',
    summary:
      'Properties an agency can work with, with its contract if there is one (the discover list; up to 1000 a page for the supplier filter).',
    access: ['reseller'],
    apiKey: 'read',
    query: z.object({
      ...pageQuery,
      term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
      propertyType: propertyType.optional(),
      withoutContract: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .transform((v) => v === true || v === 'true')
        .optional(),
    }),
    reply: 'list',
    response: listOf(discoverRow),
  }),
  resellers: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/resellers',
    summary: 'Agencies, with their details (suppliers choose whom to propose to; the reseller filter).',
    access: ['supplier', 'admin'],
    query: z.object({ ...pageQuery, term: z.string().trim().max(SEARCH_TERM_MAX).optional() }),
    reply: 'list',
    response: listOf(resellerDetails),
  }),
  resellerDetails: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/resellers/{id}',
    summary: 'One agency’s details (the reseller details drawer of the contracts page).',
    access: ['supplier', 'admin'],
    owns: { id: 'agency' },
    params: z.object({ id }),
    reply: 'resource',
    response: resellerDetails,
    errors: [404],
  }),
  agents: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/agents',
    summary:
      'The users of the caller’s agency, by name (the bookings list’s booker filter; up to 1000 a page).',
    access: ['reseller'],
    apiKey: 'read',
    query: z.object({ ...pageQuery, term: z.string().trim().max(SEARCH_TERM_MAX).optional() }),
    reply: 'list',
    response: listOf(agentRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/resellers/contracts',
    summary:
      'Proposes a contract: a reseller for their agency, a supplier for one of their properties to an agency (`agentId`).',
    access: sides,
    owns: { propertyId: 'property', agentId: 'agency' },
    body: contractCreateBody,
    reply: 'resource',
    response: contractRecord,
    creates: true,
    errors: [400, 403, 404, 409],
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/v2/resellers/contracts/request_contract',
    summary:
      'Asks a property for a contract: a pending proposal on its standard terms (all plans, no modifier) with the message; the property is e-mailed.',
    access: ['reseller'],
    owns: { propertyId: 'property' },
    body: z.object({ propertyId: id, requestMessage: z.string().trim().max(NOTE_MAX).default('') }),
    reply: 'resource',
    response: contractRecord,
    creates: true,
    errors: [400, 404, 409],
  }),
  approve: action('approve', 'Accepts a proposal (the side that did not propose it).'),
  decline: action('decline', 'Declines a proposal (the side that did not propose it).'),
  cancel: action('cancel', 'Withdraws a proposal (the side that proposed it).'),
  terminate: action('terminate', 'Ends an active contract (either side); no new bookings under it.'),
});
