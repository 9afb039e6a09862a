import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { whole } from '../../wholeFlag.js';

/** `tern store buy` (document 3 §2.2; issue 24): a purchase in a public gift store, scripted end to end. */
export function registerStore(program: Command, contextOf: ContextOf): void {
  const store = program.command('store').description('a public gift-card store, as a visitor (no sign-in)');
  store
    .command('buy')
    .description(
      'buy gift cards of one type in sandbox mode: prices the cart, checks out (holding the cards), pays the sandbox payment page with --card, then waits until the cards are issued and prints them',
    )
    .requiredOption('--store <slug>', 'the store’s address, e.g. harbour-view')
    .requiredOption('--type <id>', 'the gift card type (see the store’s `types`)')
    .requiredOption('--quantity <n>', 'how many cards (1–10)', whole(1, 10))
    .requiredOption(
      '--recipients <file>',
      'CSV, one row a card: NAME,EMAIL[,MESSAGE] (a header row is optional); each card is e-mailed to its recipient',
    )
    .requiredOption(
      '--card <number>',
      'the card number (sandbox: 4242424242424242 pays, 4000000000000002 is declined)',
    )
    .option('--expiry <MM/YY>', 'the card’s expiry (default: December, two years on)')
    .option('--cvc <digits>', 'the card’s CVC (default 123)')
    .requiredOption('--first-name <name>', 'the payer’s first name')
    .requiredOption('--last-name <name>', 'the payer’s last name')
    .requiredOption('--email <email>', 'the payer’s e-mail (the receipt goes there)')
    .requiredOption('--phone <phone>', 'the payer’s phone')
    .requiredOption('--address <address>', 'the payer’s address')
    .option('--promo-code <code>', 'a promo code of the store')
    .option('--accept-terms', 'you accept the store’s terms (required when it has terms)')
    .option(
      '--idempotency-key <key>',
      'the same key holds and buys once: a rerun with it pays the same purchase, never a second one',
    )
    .action((flags: StoreBuyFlags, command: Command) =>
      import('./buy.js').then((m) => m.buyInStore(contextOf(command), flags)),
    );
}

export interface StoreBuyFlags {
  store: string;
  type: string;
  quantity: number;
  recipients: string;
  card: string;
  expiry?: string;
  cvc?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  promoCode?: string;
  acceptTerms?: boolean;
  idempotencyKey?: string;
}
