import type { CancellationPolicyBody, HotelPolicyBody, PropertyPolicies } from '@tern/sdk';
import { validationKeys } from '../auth/rules.js';
import { type FormDrawerInput, type FormErrors, formDrawerInput } from './formDrawerMachine.js';

// The policies page's two forms (document 1 §3 policies, as the booking engine applies them; editable,
// a change applies to bookings made afterwards), for `formDrawerMachine`: what each starts with and its rule.
// The server checks the contract's formats again (times as HH:MM) and words its refusals per field.

const NOT_NEGATIVE = 'validation_messages.not_negative';
const WHOLE_NUMBER = 'validation_messages.whole_number';

/** A property without a hotel policy starts from this one. */
export const NEW_HOTEL_POLICY: HotelPolicyBody = {
  checkinFromTime: '14:00',
  checkinToTime: null,
  checkoutFromTime: null,
  checkoutToTime: '11:00',
  internetAccessType: 'none',
  internetAccessCost: null,
  internetAccessCoverage: null,
  parkingType: 'none',
  parkingIsPrivate: false,
  parkingReservation: 'not_needed',
  petsPolicy: 'not_allowed',
  petsNonRefundableFee: null,
  petsRefundableDeposit: null,
  smokingPolicy: 'no_smoking',
  isAdultsOnly: false,
};

/** A new cancellation policy: free until 2 days before, then the full price. */
export const NEW_CANCELLATION: CancellationPolicyBody = {
  title: '',
  cancellationPolicyLogic: 'deadline',
  cancellationPolicyDeadline: 2,
  cancellationPolicyDeadlineType: 'days',
  cancellationPolicyPenalty: 100,
  cancellationPolicyMode: 'percent',
  guaranteePaymentPolicy: 'none',
  guaranteePaymentAmount: 0,
};

/** An amount typed into a form: empty is none; anything else must be a number of at least 0. */
const amountError = (value: number | null | undefined) =>
  value !== null && value !== undefined && !(Number.isFinite(value) && value >= 0) ? NOT_NEGATIVE : undefined;

function only(errors: Record<string, string | undefined>): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined));
}

/** The hotel policy: its costs and fees, when given, are amounts of at least 0. */
export function validateHotelPolicy(draft: HotelPolicyBody): FormErrors {
  return only({
    internetAccessCost: amountError(draft.internetAccessCost),
    petsNonRefundableFee: amountError(draft.petsNonRefundableFee),
    petsRefundableDeposit: amountError(draft.petsRefundableDeposit),
  });
}

/** A cancellation policy: a title; a deadline in whole units; a penalty and a guarantee of at least 0. */
export function validateCancellationPolicy(draft: CancellationPolicyBody): FormErrors {
  const deadline = draft.cancellationPolicyDeadline;
  return only({
    title: draft.title.trim() === '' ? validationKeys.required : undefined,
    cancellationPolicyDeadline:
      deadline === null || deadline === undefined
        ? undefined
        : !Number.isInteger(deadline)
          ? WHOLE_NUMBER
          : deadline < 0
            ? NOT_NEGATIVE
            : undefined,
    cancellationPolicyPenalty: amountError(draft.cancellationPolicyPenalty),
    guaranteePaymentAmount: amountError(draft.guaranteePaymentAmount),
  });
}

/** The hotel policy form: the property's policy (without its currency, which is the property's), or a new one. */
export function hotelPolicyFormInput(policies: PropertyPolicies): FormDrawerInput<object> {
  let values = NEW_HOTEL_POLICY;
  if (policies.propertyPolicy) {
    const { currency: _currency, ...rest } = policies.propertyPolicy;
    values = rest;
  }
  return formDrawerInput<HotelPolicyBody>({ values, validate: validateHotelPolicy });
}

type CancellationRow = PropertyPolicies['cancellationPolicies'][number];

/** The cancellation drawer: the policy's fields, or a new one's. */
export function cancellationFormInput(policy: CancellationRow | null): FormDrawerInput<object> {
  const values: CancellationPolicyBody = policy
    ? {
        title: policy.title,
        cancellationPolicyLogic: policy.cancellationPolicyLogic,
        cancellationPolicyDeadline: policy.cancellationPolicyDeadline,
        cancellationPolicyDeadlineType: policy.cancellationPolicyDeadlineType,
        cancellationPolicyPenalty: policy.cancellationPolicyPenalty,
        cancellationPolicyMode: policy.cancellationPolicyMode,
        guaranteePaymentPolicy: policy.guaranteePaymentPolicy,
        guaranteePaymentAmount: policy.guaranteePaymentAmount,
      }
    : NEW_CANCELLATION;
  return formDrawerInput<CancellationPolicyBody>({ values, validate: validateCancellationPolicy });
}
