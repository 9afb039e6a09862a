import { formatMoney } from '@tern/core/format';
import {
  type KeyedStoreCheckout,
  PURCHASE_STATUS_CHECKS_MAX,
  type PurchaseReturn,
  purchaseStatusMachine,
  storeCheckoutMachine,
  storeWords,
} from '@tern/core/store';
import {
  PAYMENT_RETURN_QUERY,
  type StoreCheckout,
  type StorefrontType,
  type StorePurchaseStatus,
  type TernClient,
} from '@tern/sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingKey } from '../../bookingEngine/idempotency.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { readTextFile } from '../../files.js';
import { formatTable } from '../../output.js';
import { readRecipients } from '../giftCards/recipientsFile.js';
import type { StoreBuyFlags } from './index.js';
import { paySandbox, sandboxCard } from './sandboxPay.js';

// `tern store buy`: the store's checkout (core's M31) and its confirmation's status checks (M33), driven without a
// screen, with the sandbox payment page's own API in between — what a visitor does in the browser, as a script.

/** The purchase's outcome: the status the store answers, with the checkout's reference and hold. */
export interface StoreBuyResult extends StorePurchaseStatus {
  idempotencyKey: string;
  holdExpiresAt: string;
}

/** M31 without a screen: the recipients, the payer, the terms, then `store.checkout` with the attempt's key. */
async function checkOut(
  client: TernClient,
  flags: StoreBuyFlags,
  type: StorefrontType,
  store: { allowPickup: boolean; hasTerms: boolean; expectedTotal: number },
  recipients: { name: string; email: string; note: string }[],
  key: string,
): Promise<StoreCheckout> {
  // The SDK's own answer and error of the call (the machine keeps only the address and the words).
  let answer: StoreCheckout | null = null;
  let failure: unknown = null;
  const checkout = fromPromise<StoreCheckout, KeyedStoreCheckout>(async ({ input }) => {
    try {
      answer = await client.store.checkout(
        { params: { storeSlug: flags.store }, body: input.body },
        { idempotencyKey: input.idempotencyKey },
      );
      return answer;
    } catch (error) {
      failure = error;
      throw error;
    }
  });
  const actor = createActor(storeCheckoutMachine.provide({ actors: { checkout } }), {
    input: {
      cart: { lines: [{ typeId: type.id, quantity: flags.quantity }], promoCode: flags.promoCode ?? null },
      types: [type],
      allowPickup: store.allowPickup,
      hasTerms: store.hasTerms,
      locale: 'en',
      expectedTotal: store.expectedTotal,
      newKey: () => key,
    },
  }).start();
  recipients.forEach((r, index) => {
    actor.send({ type: 'recipient.change', index, field: 'name', value: r.name });
    actor.send({ type: 'recipient.change', index, field: 'email', value: r.email });
    actor.send({ type: 'recipient.change', index, field: 'info', value: r.note });
  });
  actor.send({ type: 'step.next' });
  const step1 = actor.getSnapshot();
  if (!step1.matches('paymentInfo'))
    throw new UserError(
      `Check the recipients:\n${Object.entries(step1.context.recipientErrors)
        .flatMap(([i, errors]) =>
          Object.entries(errors).map(
            ([field, k]) => `  card ${Number(i) + 1}: ${field}: ${storeWords({ key: k! })}`,
          ),
        )
        .join('\n')}`,
      { code: 'invalid_input' },
    );
  const payer = {
    firstName: flags.firstName,
    lastName: flags.lastName,
    email: flags.email,
    phone: flags.phone,
  };
  for (const [field, value] of Object.entries({ ...payer, address: flags.address }))
    actor.send({ type: 'payer.change', field: field as keyof typeof payer, value });
  actor.send({ type: 'terms.set', accepted: Boolean(flags.acceptTerms) });
  actor.send({ type: 'checkout.submit' });
  const asked = actor.getSnapshot();
  if (asked.matches('paymentInfo')) {
    const problems = Object.entries(asked.context.payerErrors).map(
      ([field, k]) => `  ${field}: ${storeWords({ key: k! })}`,
    );
    if (asked.context.termsError) problems.push('  the store has terms: pass --accept-terms to accept them');
    throw new UserError(`Check the payer:\n${problems.join('\n')}`, { code: 'invalid_input' });
  }
  const done = await waitFor(actor, (s) => !s.hasTag('busy'));
  actor.stop();
  if (done.matches('redirecting') && answer) return answer;
  if (done.context.notice && !done.matches('error'))
    throw new UserError(
      [storeWords(done.context.notice), done.context.error?.message].filter(Boolean).join(': '),
      { code: done.context.error?.code ?? 'sold_out' },
    );
  if (done.context.attempt)
    throw new UserError(
      `The purchase may or may not have been held (${done.context.error?.message}): run the same command again with --idempotency-key ${key} — the store holds and charges it at most once`,
      { code: 'purchase_unknown', details: { idempotencyKey: key } },
    );
  throw failure ?? new Error(`The checkout ended in ${JSON.stringify(done.value)}`);
}

/** M33 without a screen: core's waits and checks, until issued or an end. */
async function purchaseStatus(
  client: TernClient,
  query: PurchaseReturn,
  pollMs: number | undefined,
): Promise<{ status: StorePurchaseStatus | null; gaveUp: boolean; error: string | null }> {
  const check = fromPromise<StorePurchaseStatus, PurchaseReturn>(({ input: { storeSlug, ...q } }) =>
    client.store.purchaseStatus({ params: { storeSlug }, query: q }),
  );
  const actor = createActor(
    purchaseStatusMachine.provide({
      actors: { purchaseStatus: check },
      ...(pollMs !== undefined ? { delays: { firstWait: pollMs, retryWait: pollMs } } : {}),
    }),
    { input: query },
  ).start();
  const done = await waitFor(actor, (s) => s.status === 'done', {
    timeout: (PURCHASE_STATUS_CHECKS_MAX + 3) * 60_000,
  });
  return {
    status: done.context.status,
    gaveUp: done.matches('gaveUp'),
    error: done.context.error?.message ?? null,
  };
}

/** The signed return's query (the payment page's `returnUrl`), as the store's confirmation reads it. */
function returnOf(storeSlug: string, returnUrl: string): PurchaseReturn {
  const q = new URL(returnUrl).searchParams;
  const referenceNumber = q.get(PAYMENT_RETURN_QUERY.referenceNumber);
  const propertyId = q.get(PAYMENT_RETURN_QUERY.propertyId);
  const digitalSignature = q.get(PAYMENT_RETURN_QUERY.digitalSignature);
  if (!referenceNumber || !propertyId || !digitalSignature)
    throw new Error(`The payment page's return address has no signed return: ${returnUrl}`);
  return { storeSlug, referenceNumber, propertyId, digitalSignature };
}

const cardsText = (r: StoreBuyResult) => {
  const money = (n: number) => formatMoney(n, r.currency, 'en-GB');
  return [
    `Purchase ${r.referenceNumber} at ${r.propertyTitle}: ${r.status}, ${money(r.total)}`,
    ...(r.cards.length
      ? [
          '',
          formatTable(
            ['CODE', 'CARD', 'FOR', 'DELIVERY', 'PRICE', 'VALID UNTIL'],
            r.cards.map((c) => [
              c.generatedId,
              c.name,
              c.nameOfPerson,
              c.delivery,
              money(c.price),
              c.expirationDate ?? '',
            ]),
          ),
        ]
      : []),
  ].join('\n');
};

/**
 * `tern store buy --store SLUG --type T --quantity N --recipients FILE --card 4242…`: the cart priced by the store
 * (`cartPrices`, with `--promo-code`), the checkout (M31: one recipient a card, each by e-mail; the payer; the
 * terms) holding the cards under one Idempotency-Key — `--idempotency-key`, else one made for this purchase and
 * named if its outcome is unknown — then the sandbox page's session paid with the card, then the signed return's
 * `purchaseStatus` checked as the confirmation does (M33) until the cards are issued. A rerun with the same key
 * finds the same hold and the session already paid: it buys nothing twice. Prints the purchase and its cards.
 */
export async function buyInStore(ctx: Context, flags: StoreBuyFlags): Promise<void> {
  const lines = readRecipients(
    await readTextFile('--recipients', flags.recipients),
    flags.recipients,
    flags.type,
  );
  if (lines.length !== flags.quantity)
    throw new UserError(
      `--quantity is ${flags.quantity} but ${flags.recipients} has ${lines.length} recipient rows: one row a card`,
      { code: 'invalid_input' },
    );
  const card = sandboxCard(flags, new Date(ctx.now()));
  const key = bookingKey(flags.idempotencyKey);
  await withClient(ctx, { session: false }, async ({ client }) => {
    const storefront = await client.store.get({ params: { storeSlug: flags.store } });
    const type = storefront.types.find((t) => t.id === flags.type);
    if (!type)
      throw new UserError(
        `${flags.store} sells no type ${flags.type}: it sells ${storefront.types.map((t) => `${t.id} (${t.title})`).join(', ')}`,
        { code: 'not_found' },
      );
    const prices = await client.store.cartPrices({
      params: { storeSlug: flags.store },
      body: {
        items: [{ id: type.id, quantity: flags.quantity }],
        ...(flags.promoCode ? { promoCode: flags.promoCode } : {}),
      },
    });
    const held = await checkOut(
      client,
      flags,
      type,
      {
        allowPickup: storefront.store.allowPickupAtHotel,
        hasTerms: storefront.settings.termsAndConditions.trim() !== '',
        expectedTotal: prices.total,
      },
      lines.map((l) => l.recipient),
      key,
    );
    ctx.out.note(
      `Holding ${flags.quantity} card(s) as ${held.referenceNumber} until ${held.holdExpiresAt}: paying ${formatMoney(held.total, held.currency, 'en-GB')}`,
    );
    const returnUrl = await paySandbox(ctx.io.fetch ?? globalThis.fetch, held.redirectUrl, card);
    const checked = await purchaseStatus(client, returnOf(flags.store, returnUrl), ctx.io.pollMs);
    if (!checked.status)
      throw new UserError(
        `Paid, but the store did not answer for ${held.referenceNumber} (${checked.error}): the cards will come by e-mail once issued`,
        { code: 'purchase_status_unknown', details: { referenceNumber: held.referenceNumber } },
      );
    const result: StoreBuyResult = {
      ...checked.status,
      idempotencyKey: key,
      holdExpiresAt: held.holdExpiresAt,
    };
    if (checked.status.status !== 'issued')
      throw new UserError(
        checked.gaveUp
          ? `Paid: purchase ${held.referenceNumber} is ${checked.status.status}, its cards not issued yet after ${PURCHASE_STATUS_CHECKS_MAX} checks; they will come by e-mail once issued`
          : `Purchase ${held.referenceNumber} ended ${checked.status.status}: no cards were issued`,
        { code: `purchase_${checked.status.status}`, details: result as unknown as Record<string, unknown> },
      );
    ctx.out.result(result, () => cardsText(result));
  });
}
