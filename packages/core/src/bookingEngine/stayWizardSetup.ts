import { enqueueActions, setup } from 'xstate';
import { failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { type BookingFlowEvent, bookingFlowMachine } from './bookingFlowMachine.js';
import { type CheckoutField, validateCheckout } from './checkout.js';
import { type CheckoutOutput, checkoutMachine } from './checkoutMachine.js';
import { type RatesTableEvent, ratesTableMachine } from './ratesTableMachine.js';
import {
  chosenNeedCard,
  fillCheckout,
  flowBookOf,
  guestsFor,
  type OpenedStay,
  type StayFieldValues,
  type StayWizardContext,
  type StayWizardInput,
  type StayWizardOutput,
  settleRates,
  stayCheckoutData,
  submitCheckout,
  wizardChosen,
} from './stayWizard.js';

/** The stay wizard's types, actors, guards and actions (`stayWizardMachine` is its states). */

export type StayWizardEvent =
  | { type: 'stay.submit'; values: StayFieldValues }
  | { type: 'wizard.cancel' }
  | Extract<
      RatesTableEvent,
      { type: 'search.change' | 'search.submit' | 'currency.change' | 'rates.select' | 'rates.retry' }
    >
  | { type: 'query.change'; query: string }
  | { type: 'info.shown' }
  | Extract<BookingFlowEvent, { type: 'step.select' }>
  | { type: 'rooms.move'; by: number }
  | { type: 'rooms.change'; by: 1 | -1 }
  | { type: 'rooms.choose' }
  | { type: 'stay.edit' }
  | { type: 'field.change'; field: CheckoutField; value: string }
  | { type: 'contact.submit' }
  | { type: 'checkout.back' }
  | { type: 'review.cancel' }
  | { type: 'booking.confirm' };

export const stayWizardSetup = setup({
  types: {
    context: {} as StayWizardContext,
    events: {} as StayWizardEvent,
    input: {} as StayWizardInput,
    output: {} as StayWizardOutput | null,
  },
  actors: {
    openStay: notProvided<OpenedStay, StayFieldValues>('openStay'),
    ratesTable: ratesTableMachine,
    bookingFlow: bookingFlowMachine,
    checkout: checkoutMachine,
    settleRates,
    submitCheckout,
  },
  guards: {
    fieldProblems: (_, params: { opened: OpenedStay }) => 'fieldErrors' in params.opened,
    /** The route gave the stay: there are no stay fields to go back to. */
    opened: ({ context }) => context.opened !== undefined,
    hasStayFields: ({ context }) => context.opened === undefined,
    /** The rates could not be read for stay fields typed here: back to them, with the failure. */
    failedOnStayFields: ({ context, event }) =>
      context.opened === undefined && (event as { output?: { error: unknown } }).output?.error != null,
    /** The flow takes the rooms and opens its checkout route (the web's page books). */
    bookableOnRoute: ({ context }) =>
      context.checkoutOn === 'route' && (context.flow?.getSnapshot().can(flowBookOf(context)) ?? false),
    /** A rate asks for a card the wizard cannot take (no card frame here) and none was given. */
    cardMissing: ({ context }) =>
      context.checkoutOn !== 'route' && chosenNeedCard(wizardChosen(context)) && !context.cardToken,
    /** The rates table's search has both dates. */
    searchHasDates: ({ context }) => {
      const search = context.rates?.getSnapshot().context.search;
      return Boolean(search?.checkinDate && search.checkoutDate);
    },
    tooManyGuests: ({ context }) => guestsFor(wizardChosen(context), context.guests ?? []).extra > 0,
    /** The booking flow takes these rooms (its `bookable`: some chosen, sleeping every guest). */
    bookable: ({ context }) => context.flow?.getSnapshot().can(flowBookOf(context)) ?? false,
    contactRight: ({ context }) => {
      const checkout = context.checkout?.getSnapshot().context;
      return checkout
        ? Object.keys(validateCheckout(checkout.data.kind, checkout.fields)).length === 0
        : false;
    },
    priceChanged: (_, params: { error: unknown }) => failureOf(params.error).code === 'price_changed',
  },
  actions: {
    /** The page for the currency chosen (the web's property route with it in the query). */
    showCurrency: (_, _params: { to: string }) => {},
    /** The checkout booked: the flow opens the confirmation, the wizard keeps what was booked. */
    booked: enqueueActions(({ context, event, enqueue }) => {
      const { bookingId, created, email } = (event as unknown as { output: CheckoutOutput }).output;
      enqueue.sendTo(context.flow!, {
        type: 'booking.succeeded',
        booked: {
          bookingId,
          reservationId: created.reservationId,
          email,
          kind: 'accommodation',
          provider: null,
        },
      });
      enqueue.assign({ booked: { created, chosen: wizardChosen(context) } });
    }),
    /** Sends the event as it came to the rates table. */
    toRates: enqueueActions(({ context, event, enqueue }) => {
      if (context.rates) enqueue.sendTo(context.rates, event as RatesTableEvent);
    }),
    /** The rooms chosen go to the booking flow, which opens its checkout. */
    book: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.flow!, flowBookOf(context))),
    /** Back to the stay's fields: other days start the rates table and the flow again. */
    dropChildren: enqueueActions(({ context, enqueue }) => {
      for (const child of [context.rates, context.flow, context.checkout])
        if (child) enqueue.stopChild(child);
      enqueue.assign({ rates: null, flow: null, checkout: null });
    }),
    /** A checkout for the rooms chosen, filled with what was given up front (and typed before, on a reprice). */
    openCheckout: enqueueActions(({ context, enqueue }) => {
      const chosen = wizardChosen(context);
      const typed = context.checkout?.getSnapshot().context.fields;
      if (context.checkout) enqueue.stopChild(context.checkout);
      enqueue.assign({
        checkout: ({ spawn }) => {
          const checkout = spawn('checkout', {
            input: {
              data: stayCheckoutData(context.propertyId, context.stay!, chosen),
              cardNeeded: chosenNeedCard(chosen),
              ...(context.cardToken ? { cardToken: context.cardToken } : {}),
              ...(context.idempotencyKey ? { newKey: () => context.idempotencyKey! } : {}),
            },
          });
          fillCheckout(
            checkout,
            typed ?? context.contact ?? {},
            guestsFor(chosen, context.guests ?? []).rooms,
          );
          return checkout;
        },
      });
    }),
  },
});
