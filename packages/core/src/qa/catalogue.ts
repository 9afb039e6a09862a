import type { AnyStateMachine } from 'xstate';
import { confirmedActionMachine } from '../admin/confirmedActionMachine.js';
import { formDrawerMachine } from '../admin/formDrawerMachine.js';
import { photosMachine } from '../admin/photosMachine.js';
import { changePasswordMachine } from '../auth/changePasswordMachine.js';
import { resetTokenMachine } from '../auth/resetTokenMachine.js';
import { signInMachine } from '../auth/signInMachine.js';
import { paymentLockMachine } from '../billing/paymentLockMachine.js';
import { bookingFlowMachine } from '../bookingEngine/bookingFlowMachine.js';
import { cardFrameMachine } from '../bookingEngine/cardFrameMachine.js';
import { checkoutMachine } from '../bookingEngine/checkoutMachine.js';
import { ratesTableMachine } from '../bookingEngine/ratesTableMachine.js';
import { searchFormMachine } from '../bookingEngine/searchFormMachine.js';
import { searchPageMachine } from '../bookingEngine/searchPageMachine.js';
import { stayWizardMachine } from '../bookingEngine/stayWizardMachine.js';
import { bookingDetailsMachine } from '../bookings/bookingDetailsMachine.js';
import { bookingsListMachine } from '../bookings/bookingsListMachine.js';
import { campaignLifecycleMachine } from '../campaigns/lifecycleMachine.js';
import { publicCampaignMachine } from '../campaigns/publicMachine.js';
import { campaignSaveMachine } from '../campaigns/saveMachine.js';
import { contractActionsMachine } from '../contracts/contractActionsMachine.js';
import { contractFormMachine } from '../contracts/contractFormMachine.js';
import { contractsPageMachine } from '../contracts/contractsPageMachine.js';
import { bookingCancelMachine } from '../giftCards/bookingCancelMachine.js';
import { giftCardDownloadMachine } from '../giftCards/downloadMachine.js';
import { issuedCardMachine } from '../giftCards/issuedCardMachine.js';
import { pdfEditorMachine } from '../giftCards/pdfEditorMachine.js';
import { purchaseMachine } from '../giftCards/purchaseMachine.js';
import { storeSettingsMachine } from '../giftCards/storeSettingsMachine.js';
import { giftCardTypeLifecycleMachine } from '../giftCards/typeLifecycleMachine.js';
import { inventoryFrameMachine } from '../rates/inventoryFrameMachine.js';
import { ratePlanFormMachine } from '../rates/ratePlanFormMachine.js';
import { cancelGiftCardMachine } from '../redemption/cancelMachine.js';
import { redemptionMachine } from '../redemption/redemptionMachine.js';
import { sessionMachine } from '../session/sessionMachine.js';
import { storeCardMachine } from '../store/cardMachine.js';
import { storeCartMachine } from '../store/cartMachine.js';
import { storeCheckoutMachine } from '../store/checkoutMachine.js';
import { storePaymentMachine } from '../store/paymentMachine.js';
import { purchaseStatusMachine } from '../store/purchaseStatusMachine.js';
import { vehicleQueryMachine } from '../vehicles/vehicleQueryMachine.js';

/** One XState machine of core, as the docs (`docs/machines.md`) and the QA visualizer list it. */
export interface CatalogueEntry {
  /** The machine's `id`. */
  id: string;
  /** The name core exports it under. */
  name: string;
  /** Its source file, from `packages/core/src`. */
  module: string;
  /** One line, from the machine's doc comment. */
  description: string;
  machine: AnyStateMachine;
}

const entry = (
  name: string,
  module: string,
  description: string,
  machine: AnyStateMachine,
): CatalogueEntry => ({ id: machine.id, name, module, description, machine });

/**
 * Every machine of core, by area. A test scans core's sources for `createMachine` and fails when one is
 * missing here.
 */
export const machineCatalogue: readonly CatalogueEntry[] = [
  entry(
    'sessionMachine',
    'session/sessionMachine.ts',
    'The session’s life (M05): restored at start-up, started by a sign-in or a reset link, ended by its expiry or by signing out.',
    sessionMachine,
  ),
  entry(
    'signInMachine',
    'auth/signInMachine.ts',
    'The login page (M04): e-mail and password, then a one-time code when asked, or forgot password.',
    signInMachine,
  ),
  entry(
    'resetTokenMachine',
    'auth/resetTokenMachine.ts',
    'The reset-link page (M12): a signed-in user goes to change password; otherwise the token is verified and becomes a reset session.',
    resetTokenMachine,
  ),
  entry(
    'changePasswordMachine',
    'auth/changePasswordMachine.ts',
    'The change-password page, for every signed-in user; after a reset link the old password is not asked for.',
    changePasswordMachine,
  ),
  entry(
    'searchFormMachine',
    'bookingEngine/searchFormMachine.ts',
    'The home page’s search form for stays and cars: defaults, both dates required, then the property page or the search page.',
    searchFormMachine,
  ),
  entry(
    'searchPageMachine',
    'bookingEngine/searchPageMachine.ts',
    'M07, the search page for stays and cars: debounced edits written back to the query, results loaded per query.',
    searchPageMachine,
  ),
  entry(
    'vehicleQueryMachine',
    'vehicles/vehicleQueryMachine.ts',
    'M06, the asynchronous car search: a query id, then its results polled every 2 s until every provider has answered.',
    vehicleQueryMachine,
  ),
  entry(
    'ratesTableMachine',
    'bookingEngine/ratesTableMachine.ts',
    'M02, the property page’s rates table: rates loaded for the panel’s dates, guests and currency, and the selection.',
    ratesTableMachine,
  ),
  entry(
    'bookingFlowMachine',
    'bookingEngine/bookingFlowMachine.ts',
    'M01, the booking flow: property page → checkout → confirmation, with the flow data kept in storage.',
    bookingFlowMachine,
  ),
  entry(
    'stayWizardMachine',
    'bookingEngine/stayWizardMachine.ts',
    'A stay step by step: the stay, the rooms on the rates table, the checkout, each page taken by the booking flow (the CLI’s wizard; the web from the rooms).',
    stayWizardMachine,
  ),
  entry(
    'checkoutMachine',
    'bookingEngine/checkoutMachine.ts',
    'M03, the checkout: the form, the agreement, the card from the card frame when needed, and the booking call.',
    checkoutMachine,
  ),
  entry(
    'cardFrameMachine',
    'bookingEngine/cardFrameMachine.ts',
    'The card-frame handshake (M03): loads the vault form, waits for ready, asks for the card and reports it or the error.',
    cardFrameMachine,
  ),
  entry(
    'bookingsListMachine',
    'bookings/bookingsListMachine.ts',
    'The bookings list: ten a page, filters, a debounced free-text search, sortable columns; blocked when locked.',
    bookingsListMachine,
  ),
  entry(
    'bookingDetailsMachine',
    'bookings/bookingDetailsMachine.ts',
    'M09, one booking in the details drawer: cancel, edit guests or driver, special request and units while changeable.',
    bookingDetailsMachine,
  ),
  entry(
    'paymentLockMachine',
    'billing/paymentLockMachine.ts',
    'M11, the payment lock and the subscription portal: the banner for a locked account, and the portal session.',
    paymentLockMachine,
  ),
  entry(
    'contractActionsMachine',
    'contracts/contractActionsMachine.ts',
    'M10, contract actions as one side sees them: accept, decline, withdraw, terminate, and a reseller’s request.',
    contractActionsMachine,
  ),
  entry(
    'contractFormMachine',
    'contracts/contractFormMachine.ts',
    'The contract creation drawer: loads the rate plans (and agencies), checks the form and sends it once.',
    contractFormMachine,
  ),
  entry(
    'contractsPageMachine',
    'contracts/contractsPageMachine.ts',
    'The contracts page beside its lists: the dialog or drawer open, the proposal notice, and the contract actions (M10) as its child.',
    contractsPageMachine,
  ),
  entry(
    'ratePlanFormMachine',
    'rates/ratePlanFormMachine.ts',
    'The rate plan drawer (M19): edits a plan, checks it and saves it once; a refused save can be retried.',
    ratePlanFormMachine,
  ),
  entry(
    'inventoryFrameMachine',
    'rates/inventoryFrameMachine.ts',
    'M22, the inventory page: a one-time token for the selected property, handed to the calendar frame.',
    inventoryFrameMachine,
  ),
  entry(
    'formDrawerMachine',
    'admin/formDrawerMachine.ts',
    'One drawer form of the back office: edit, check with a core rule, save once; a refused save can be retried.',
    formDrawerMachine,
  ),
  entry(
    'confirmedActionMachine',
    'admin/confirmedActionMachine.ts',
    'An action on one row that is asked for, confirmed, then sent: block a user, lock override, disable an API key.',
    confirmedActionMachine,
  ),
  entry(
    'photosMachine',
    'admin/photosMachine.ts',
    'A property’s photos as its staff edit them (M17): uploads, descriptions, kinds, order, removal, save.',
    photosMachine,
  ),
  entry(
    'giftCardTypeLifecycleMachine',
    'giftCards/typeLifecycleMachine.ts',
    'M23, a gift card type’s lifecycle: created → published → archived, each step asked, confirmed, then sent once.',
    giftCardTypeLifecycleMachine,
  ),
  entry(
    'issuedCardMachine',
    'giftCards/issuedCardMachine.ts',
    'M24, one issued card’s actions: mark used or unused again (with a note), mark delivered, each sent once.',
    issuedCardMachine,
  ),
  entry(
    'bookingCancelMachine',
    'giftCards/bookingCancelMachine.ts',
    'M25, cancelling the booking a card was redeemed for, asking whether to reissue the card.',
    bookingCancelMachine,
  ),
  entry(
    'purchaseMachine',
    'giftCards/purchaseMachine.ts',
    'M26, one gift card purchase’s actions: mark paid, mark issued, and its recipients, one row per card.',
    purchaseMachine,
  ),
  entry(
    'giftCardDownloadMachine',
    'giftCards/downloadMachine.ts',
    'M27 and M37, the gift card files: a purchase’s card PDFs (or the zip’s message) and a type’s PDF preview.',
    giftCardDownloadMachine,
  ),
  entry(
    'pdfEditorMachine',
    'giftCards/pdfEditorMachine.ts',
    'A gift card type’s PDF tab: its template’s design edited (sections placed in free space, dragged or moved by keys), checked, saved.',
    pdfEditorMachine,
  ),
  entry(
    'storeSettingsMachine',
    'giftCards/storeSettingsMachine.ts',
    'M16, one gift-card store’s settings tab: saved 500 ms after the last change, a saved store’s new slug confirmed first.',
    storeSettingsMachine,
  ),
  // The public store (issue 24). M39, the store's language and analytics consent, has no machine: the locale is
  // decided once at entry and the consent is one stored record (store/locale.ts's pure functions).
  entry(
    'storeCartMachine',
    'store/cartMachine.ts',
    'M30, the store’s cart and promo code: adds within the stock and the limits, the drawer for 5 s, server prices.',
    storeCartMachine,
  ),
  entry(
    'storeCheckoutMachine',
    'store/checkoutMachine.ts',
    'M31, the store’s checkout: recipients and deliveries, payer and terms, then the hold and the payment page.',
    storeCheckoutMachine,
  ),
  entry(
    'storePaymentMachine',
    'store/paymentMachine.ts',
    'M32, the payment provider’s hosted page: the session, the card form locked for 5 s, paid, declined or expired.',
    storePaymentMachine,
  ),
  entry(
    'purchaseStatusMachine',
    'store/purchaseStatusMachine.ts',
    'M33, the store’s confirmation: waits 3 s, then checks the purchase every 1 s, 10 checks at most, until issued.',
    purchaseStatusMachine,
  ),
  entry(
    'storeCardMachine',
    'store/cardMachine.ts',
    'M36, a card’s detail page in the store: loaded, shown with its quantity and add to cart, or not found.',
    storeCardMachine,
  ),
  // Redemption (issue 25): a card booked for a stay, and that stay cancelled from the public cancel page.
  entry(
    'redemptionMachine',
    'redemption/redemptionMachine.ts',
    'M34, a gift card redeemed for a stay: number, hotel, dates, room and rate, checkout, then polled every 3 s.',
    redemptionMachine,
  ),
  entry(
    'cancelGiftCardMachine',
    'redemption/cancelMachine.ts',
    'M35, the public cancel of a gift-card stay: reservation and last name, preview, confirm, cancelled.',
    cancelGiftCardMachine,
  ),
  // Gift campaigns (issue 25).
  entry(
    'campaignLifecycleMachine',
    'campaigns/lifecycleMachine.ts',
    'M28, a gift campaign’s lifecycle: draft → published → archived → published again, each step confirmed.',
    campaignLifecycleMachine,
  ),
  entry(
    'campaignSaveMachine',
    'campaigns/saveMachine.ts',
    'M41, the campaign drawer’s save: validated, the campaign sent (only if changed), then its options one by one.',
    campaignSaveMachine,
  ),
  entry(
    'publicCampaignMachine',
    'campaigns/publicMachine.ts',
    'M29, the public gift campaign page: options, a choice (‘Flott val!’) and the recipient form, a thank-you.',
    publicCampaignMachine,
  ),
];

/** The catalogue's entry for a machine id, or `undefined`. */
export const catalogueEntry = (id: string): CatalogueEntry | undefined =>
  machineCatalogue.find((e) => e.id === id);
