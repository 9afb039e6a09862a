import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { formatPrice } from '../bookingEngine/format.js';

// Contracts between agencies and properties (document 1 §2 contracts page, §3, §4 contract lifecycle, §5
// contract creation, §6, §9; R128–R140): which tabs a side sees, how a contract is labelled, which actions a
// side has on it, the modifier in words, the creation form's rules and the "book" link of an active one.

/** Contracts and discover lists: ten a page (R138). */
export const CONTRACTS_PAGE_SIZE = 10;
/** The create / request drawer (R139). */
export const CONTRACT_DRAWER_WIDTH = 400;
/** The reseller details drawer (R139). */
export const RESELLER_DETAILS_DRAWER_WIDTH = 560;

export type ContractSide = 'reseller' | 'supplier';
export type ContractTab = 'discover' | 'active' | 'pending';

/** The viewer's side of a contract: a reseller's agency, or the property for suppliers and admins. */
export const contractSideOf = (role: Role): ContractSide => (role === 'reseller' ? 'reseller' : 'supplier');

/**
 * The tabs of the contracts page (R128): a reseller discovers, and sees active and pending contracts; a
 * supplier sees active and pending ones (pending too, so the property can answer an agency's proposal —
 * docs/decisions.md).
 */
export const contractTabs = (role: Role): ContractTab[] =>
  role === 'reseller' ? ['discover', 'active', 'pending'] : ['active', 'pending'];

export const CONTRACT_MODIFIERS = [
  'increase_by_percent',
  'decrease_by_percent',
  'increase_by_amount',
  'decrease_by_amount',
] as const;
export type ContractModifier = (typeof CONTRACT_MODIFIERS)[number];

export type ContractLabel = 'active' | 'proposed' | 'requested' | 'declined' | 'cancelled' | 'terminated';

/**
 * A contract's label for the viewer (R129, R130): approved reads "active"; a live proposal reads "proposed"
 * when the viewer's side started it and "requested" when the other side did; the ended ones by their status.
 */
export function contractLabel(
  contract: Pick<ContractRecord, 'status' | 'initiator'>,
  role: Role,
): ContractLabel {
  if (contract.status === 'approved') return 'active';
  if (contract.status === 'proposed')
    return contract.initiator === contractSideOf(role) ? 'proposed' : 'requested';
  return contract.status;
}

export const CONTRACT_ACTIONS = ['approve', 'decline', 'cancel', 'terminate'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
type ContractStatus = ContractRecord['status'];

/**
 * The contract lifecycle (document 1 §4; R131), once: each action, the status it applies to, the status it
 * leads to, and which side takes it — on a proposal the other side accepts or declines and the initiator
 * cancels (withdraws); either side terminates an active one. The web's buttons, the machine's guards and the
 * server's checks all read this table.
 */
export const CONTRACT_TRANSITIONS: Record<
  ContractAction,
  { from: ContractStatus; to: ContractStatus; by: 'initiator' | 'other_side' | 'either_side' }
> = {
  approve: { from: 'proposed', to: 'approved', by: 'other_side' },
  decline: { from: 'proposed', to: 'declined', by: 'other_side' },
  cancel: { from: 'proposed', to: 'cancelled', by: 'initiator' },
  terminate: { from: 'approved', to: 'terminated', by: 'either_side' },
};

/** Why a side may not take an action: the contract is not in the status it applies to, or it is the other side's. */
export type ContractRefusal = 'wrong_status' | 'other_side_answers' | 'initiator_withdraws';

/**
 * Whether `side` may take `action` on the contract: the status it leads to, or why not (the status is checked
 * first, then the side).
 */
export function contractTransition(
  contract: Pick<ContractRecord, 'status' | 'initiator'>,
  action: ContractAction,
  side: ContractSide,
): { to: ContractStatus; refusal: null } | { to: null; refusal: ContractRefusal } {
  const step = CONTRACT_TRANSITIONS[action];
  if (contract.status !== step.from) return { to: null, refusal: 'wrong_status' };
  const mine = contract.initiator === side;
  if (step.by === 'other_side' && mine) return { to: null, refusal: 'other_side_answers' };
  if (step.by === 'initiator' && !mine) return { to: null, refusal: 'initiator_withdraws' };
  return { to: step.to, refusal: null };
}

/**
 * What the viewer may do with a contract (R131): the actions of the lifecycle their side may take now.
 * Admins watch and do not act.
 */
export function contractActions(
  contract: Pick<ContractRecord, 'status' | 'initiator'>,
  role: Role,
): ContractAction[] {
  if (role === 'admin') return [];
  const side = contractSideOf(role);
  return CONTRACT_ACTIONS.filter((action) => contractTransition(contract, action, side).refusal === null);
}

/**
 * The "book" link of an active contract (R039, R137): a hotel opens on its page for 2 adults and no
 * children; a car station's contract goes to the car search. Resellers only.
 */
export function contractBookLink(
  contract: Pick<ContractRecord, 'status' | 'propertyType' | 'channelId'>,
  role: Role,
): string | null {
  if (role !== 'reseller' || contract.status !== 'approved') return null;
  if (contract.propertyType === 'vehicle') return '/search_cars';
  return `/property/${encodeURIComponent(contract.channelId)}?type=accommodation&adults=2&children=0`;
}

/** What a reseller may do with a discover row (R137): ask for a contract, or propose terms, when it has none. */
export function discoverActions(row: Pick<DiscoverRow, 'contract'>): Array<'request' | 'propose'> {
  return row.contract ? [] : ['request', 'propose'];
}

/**
 * The modifier in words, for tables: "+10 %", "−5 %", "+EUR 12.50", "−ISK 500" (an amount is in the property's
 * currency, per unit and night); "—" without one.
 */
export function modifierText(
  contract: Pick<ContractRecord, 'modifierLogic' | 'modifierAmount' | 'currency'>,
): string {
  if (!contract.modifierLogic || !contract.modifierAmount) return '—';
  const sign = contract.modifierLogic.startsWith('increase') ? '+' : '−';
  if (!contract.modifierLogic.endsWith('percent'))
    return `${sign}${formatPrice(contract.modifierAmount, contract.currency)}`;
  const amount = Number.isInteger(contract.modifierAmount)
    ? String(contract.modifierAmount)
    : contract.modifierAmount.toFixed(2);
  return `${sign}${amount} %`;
}

export interface ContractForm {
  /** A supplier proposes to an agency; a reseller proposes for their own (no agency field). */
  agentId: string;
  modifierLogic: ContractModifier | '';
  /** As typed; empty counts as 0 (R133). */
  modifierAmount: string;
  ratePlanIds: string[];
}

export type ContractFormErrors = Partial<
  Record<'agentId' | 'modifierLogic' | 'modifierAmount' | 'ratePlanIds', 'required' | 'amount' | 'plans'>
>;

export const emptyContractForm = (): ContractForm => ({
  agentId: '',
  modifierLogic: 'increase_by_percent',
  modifierAmount: '',
  ratePlanIds: [],
});

/** The amount as a number: empty is 0; anything else must be a number of at least 0. */
export function contractAmountOf(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 100_000 ? value : null;
}

/**
 * The creation form's problems (R133): the modifier type is required; the amount is a number ≥ 0 (empty = 0);
 * at least one rate plan for a hotel (a car station's contract covers its cars); a supplier names the agency.
 */
export function validateContractForm(
  form: ContractForm,
  context: { side: ContractSide; propertyType: 'accommodation' | 'vehicle' },
): ContractFormErrors {
  const errors: ContractFormErrors = {};
  if (context.side === 'supplier' && !form.agentId) errors.agentId = 'required';
  if (!form.modifierLogic) errors.modifierLogic = 'required';
  if (contractAmountOf(form.modifierAmount) === null) errors.modifierAmount = 'amount';
  if (context.propertyType === 'accommodation' && form.ratePlanIds.length === 0) errors.ratePlanIds = 'plans';
  return errors;
}

/** The create call's body (R133, R134, R136): `agentId` only from the supplier's side. */
export function contractCreateBodyOf(
  form: ContractForm,
  context: { side: ContractSide; propertyId: string; propertyType: 'accommodation' | 'vehicle' },
) {
  return {
    propertyId: context.propertyId,
    propertyType: context.propertyType,
    ...(context.side === 'supplier' ? { agentId: form.agentId } : {}),
    contract: {
      modifierLogic: (form.modifierLogic || 'increase_by_percent') as ContractModifier,
      modifierAmount: contractAmountOf(form.modifierAmount) ?? 0,
      ratePlanIds: [...form.ratePlanIds],
    },
  };
}
