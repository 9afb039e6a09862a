import { GIFT_CARD_ISSUE_BATCH_MAX } from '@tern/sdk/limits';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ContextOf } from '../../context.js';
import { dayFlag } from '../../dayFlag.js';
import { propertyOption } from '../../property.js';
import { whole } from '../../wholeFlag.js';
import type { ListFlags, MarkAction } from './cards.js';
import type { ExportFlags } from './export.js';
import type { LiabilityFlags } from './liability.js';
import type { PdfFlags } from './pdf.js';
import type { PurchaseCreateFlags, PurchasesListFlags } from './purchases.js';
import type { RedeemFlags } from './redeem.js';
import type { TypeCreateFlags } from './types.js';

const day = dayFlag();
const collect = (value: string, previous: string[] = []) => [...previous, value];
function money(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('Use an amount of at least 0');
  return n;
}

function month(value: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new InvalidArgumentError('Use YYYY-MM');
  return value;
}

/** The orders list's filters and order (`list` and `export`). */
function withListFilters(command: Command): Command {
  return command
    .addOption(propertyOption())
    .option('--search <text>', 'code, recipient, buyer or title has this')
    .option('--type <id>', 'only cards of this type')
    .addOption(new Option('--kind <kind>', 'gift_card or upsell').choices(['gift_card', 'upsell']))
    .option('--used', 'only used cards')
    .option('--unused', 'only unused cards')
    .option('--delivered', 'only delivered cards')
    .option('--undelivered', 'only cards not delivered')
    .option('--letter', 'only cards sent by letter')
    .option('--email', 'only cards sent by e-mail')
    .option('--sold-from <day>', 'sold on or after this day', day)
    .option('--sold-to <day>', 'sold on or before this day', day)
    .addOption(
      new Option('--order-by <field>', 'sort by (default created_at, newest first)').choices([
        'code',
        'expiration',
        'created_at',
      ]),
    )
    .option('--asc', 'ascending order');
}

export interface IssueFlags {
  property: string;
  type: string;
  recipients: string;
  expires?: string;
  price?: number;
  batch?: number;
  /** Record the cards as paid: the run's cards belong to one purchase marked paid. */
  paid?: boolean;
  /** Mail each card the run issues to its recipient (`--no-send-email`: false). */
  sendEmail?: boolean;
}

/** `tern gift-cards …` (document 3; a property's staff): issue in bulk, list, mark, and the types. */
export function registerGiftCards(program: Command, contextOf: ContextOf): void {
  const cards = program
    .command('gift-cards')
    .description("a property's gift cards: issue in bulk, list, export, mark, the liability ledger");
  cards
    .command('issue')
    .description(
      'issue one card per row of a CSV file (NAME,EMAIL[,NOTE]; a header row is optional), in batches; run again after an interruption, it issues only what is missing',
    )
    .addOption(propertyOption())
    .requiredOption('--type <id>', 'the gift card type (see `tern gift-cards types`)')
    .requiredOption('--recipients <file>', 'the CSV file of recipients')
    .option('--expires <day>', "the cards' last day (YYYY-MM-DD); default: the type's validity", day)
    .option(
      '--price <n>',
      "what each card was sold for; default: the type's net price",
      whole(0, 100_000_000),
    )
    .option(
      '--batch <n>',
      `cards a call (default and most: ${GIFT_CARD_ISSUE_BATCH_MAX})`,
      whole(1, GIFT_CARD_ISSUE_BATCH_MAX),
    )
    .option(
      '--paid',
      'record the cards as paid: they belong to one purchase of this file, marked paid (a rerun finds it again)',
    )
    .option(
      '--no-send-email',
      'do not mail the cards now (by default each card the run issues is mailed to its recipient with its PDF)',
    )
    .action((options: IssueFlags, command: Command) =>
      import('./issue.js').then((m) => m.issueGiftCards(contextOf(command), options)),
    );
  const list = cards
    .command('list')
    .description('the issued cards, newest first, 10 a page')
    .option('--page <n>', 'the page to show', whole(1, 1_000_000_000))
    .option('--limit <n>', 'cards a page (default 10)', whole(1, 100))
    .action((options: ListFlags, command: Command) =>
      import('./cards.js').then((m) => m.listGiftCards(contextOf(command), options)),
    );
  withListFilters(list);
  const exporting = cards
    .command('export')
    .description(
      'the filtered list as a CSV or XLSX file (all pages, formulas neutralised), streamed to --out FILE or stdout',
    )
    .addOption(
      new Option('--format <format>', 'the file format').choices(['csv', 'xlsx']).makeOptionMandatory(),
    )
    .option('--out <file>', 'write to this file (complete or not at all); default: stdout')
    .action((options: ExportFlags, command: Command) =>
      import('./export.js').then((m) => m.exportGiftCards(contextOf(command), options)),
    );
  withListFilters(exporting);
  cards
    .command('liability')
    .description(
      'the liability ledger: per month, cards sold, redeemed, expired, cancelled and outstanding (count / value); --json prints one line a property and month',
    )
    .option('--property <id>', 'one property (default: each you work at)')
    .option('--from <month>', 'the first month, YYYY-MM (default: 11 months before --to)', month)
    .option('--to <month>', "the last month, YYYY-MM (default: the property's current month)", month)
    .action((options: LiabilityFlags, command: Command) =>
      import('./liability.js').then((m) => m.giftCardLiability(contextOf(command), options)),
    );
  const types = cards
    .command('types')
    .description('gift card types: list (the default), create, publish, unpublish, duplicate');
  types
    .command('list', { isDefault: true })
    .description('the gift card types of one status, with their stock')
    .addOption(propertyOption())
    .addOption(
      new Option('--status <status>', 'the tab (default published)').choices([
        'published',
        'created',
        'archived',
      ]),
    )
    .option('--search <text>', 'the title has this')
    .option('--page <n>', 'the page to show', whole(1, 1_000_000_000))
    .action(
      (
        options: {
          property: string;
          status?: 'published' | 'created' | 'archived';
          search?: string;
          page?: number;
        },
        command: Command,
      ) => import('./cards.js').then((m) => m.listGiftCardTypes(contextOf(command), options)),
    );
  types
    .command('create')
    .description(
      'add a type (created, or published with --publish): from flags, or a JSON file of its fields',
    )
    .addOption(propertyOption())
    .option('--from-file <file>', "a JSON object of the form's fields (the flags given win over it)")
    .option('--title <text>', 'the title (at most 80 characters)')
    .option('--description <text>', 'what the card is for')
    .option('--price <amount>', 'the price, in the property’s currency', money)
    .option('--net-price <amount>', 'a discounted price: at least 1 and below --price', money)
    .option('--limit <n>', 'how many cards may be issued', whole(1, 10_000_000))
    .option('--store <id>', 'a store that sells it (`tern stores list`); repeat for more', collect)
    .option(
      '--plan <unit:plan>',
      'a room type and rate plan it is for (`tern inventory get`); repeat',
      collect,
    )
    .addOption(
      new Option(
        '--kind <kind>',
        'single (the default), multi (several properties: --from-file) or no-property (no rate plans)',
      ).choices(['single', 'multi', 'no-property']),
    )
    .option('--months <n>', 'valid for N months from issue (default 48)', whole(1, 100_000))
    .option('--expires <day>', 'valid until this day instead (YYYY-MM-DD, after the property’s today)', day)
    .option('--nights <n>', 'the length of stay it is for (default 1)', whole(1, 365))
    .option('--publish', 'publish it at once (the stores sell it)')
    .addHelpText(
      'after',
      '\nExample:\n  tern gift-cards types create --title "Two nights" --description "For two" --price 400 --limit 50 --store STORE_ID --plan UNIT_ID:PLAN_ID --publish',
    )
    .action((options: TypeCreateFlags, command: Command) =>
      import('./types.js').then((m) => m.createGiftCardType(contextOf(command), options)),
    );
  for (const [action, description] of [
    ['publish', 'publish a created type: its stores sell it'],
    ['unpublish', 'unpublish a published type: archived, no longer sold (its cards stay valid)'],
    ['duplicate', 'a created copy of a type, nothing issued, open to editing'],
  ] as const)
    types
      .command(action)
      .description(description)
      .argument('<id>', 'the type (`tern gift-cards types --status created` lists them)')
      .addOption(propertyOption())
      .addHelpText('after', `\nExample:\n  tern gift-cards types ${action} TYPE_ID`)
      .action((id: string, options: { property: string }, command: Command) =>
        import('./types.js').then((m) => m.changeGiftCardType(contextOf(command), action, id, options)),
      );
  const mark = (action: MarkAction, description: string, note: boolean) => {
    const sub = cards
      .command(`mark-${action} <code>`)
      .description(description)
      .addOption(propertyOption())
      .option('-y, --yes', 'do not ask for confirmation');
    if (note) sub.requiredOption('--note <text>', 'why (required)');
    sub.action(
      (code: string, options: { property: string; note?: string; yes?: boolean }, command: Command) =>
        import('./cards.js').then((m) => m.markGiftCard(contextOf(command), action, code, options)),
    );
  };
  cards
    .command('pdf')
    .description("a card's PDF (or with --qr its QR code) to --out FILE or stdout")
    .addOption(propertyOption())
    .requiredOption('--card <id|code>', 'the card: its id or its code')
    .option('--out <file>', "write to this file (default: stdout, or the server's file name on a terminal)")
    .option('--qr', "the QR code of the card's booking address instead of the PDF")
    .addOption(new Option('--format <format>', 'the QR code as png (default) or svg').choices(['png', 'svg']))
    .action((options: PdfFlags, command: Command) =>
      import('./pdf.js').then((m) => m.giftCardPdf(contextOf(command), options)),
    );
  mark('used', 'mark an unused card used, with a note', true);
  mark('unused', 'mark a used card unused again, with a note (not once its stay has begun)', true);
  mark('delivered', 'mark a card delivered', false);
  cards
    .command('send <code>')
    .description('mail the card and its PDF to its recipient (again); recorded in its history')
    .addOption(propertyOption())
    .option('-y, --yes', 'do not ask for confirmation')
    .action((code: string, options: { property: string; yes?: boolean }, command: Command) =>
      import('./cardMails.js').then((m) => m.sendGiftCard(contextOf(command), code, options)),
    );
  cards
    .command('history <code>')
    .description('what was done to the card, newest first: mails asked for and sent, marks, edits, by whom')
    .addOption(propertyOption())
    .action((code: string, options: { property: string }, command: Command) =>
      import('./cardMails.js').then((m) => m.giftCardHistory(contextOf(command), code, options)),
    );
  cards
    .command('redeem <code>')
    .description(
      'book the stay a gift card pays for, as its holder does in the store (no sign-in): from --checkin for exactly the card’s nights, on --room/--rate or the first free plain rate; an upsell prints where to pay, or is paid with --card (sandbox)',
    )
    .requiredOption('--checkin <date>', 'the arrival (YYYY-MM-DD)', day)
    .option('--property <id>', 'the hotel, for a card of several hotels')
    .option('--room <id>', 'the room type')
    .option('--rate <id>', 'the rate plan (an upsell rate costs its upsell price)')
    .requiredOption('--name <name>', 'the booker’s first name')
    .requiredOption('--surname <name>', 'the booker’s last name (the cancel page asks it)')
    .requiredOption('--email <email>', 'the booker’s e-mail')
    .requiredOption('--nationality <XX>', 'the booker’s nationality, two letters (IS, DE…)')
    .requiredOption('--phone <phone>', 'the booker’s phone')
    .option('--hotel-name <name>', 'the booker’s hotel (required for a marketing campaign’s gift)')
    .option('--address <address>', 'the booker’s address (required for an upsell)')
    .option('--adults <n>', 'adults (default 1)', whole(1, 20))
    .option('--children <n>', 'children (default 0)', whole(0, 20))
    .option('--card <number>', 'pay an upsell on the sandbox page with this card (4242424242424242 pays)')
    .option('--idempotency-key <key>', 'the same key books once: a rerun with it answers the same booking')
    .action((code: string, flags: RedeemFlags, command: Command) =>
      import('./redeem.js').then((m) => m.redeemGiftCard(contextOf(command), code, flags)),
    );
  registerPurchases(cards, contextOf);
}

/** `tern gift-cards purchases list|create|mark-paid|mark-issued|retry` (M26). */
function registerPurchases(cards: Command, contextOf: ContextOf): void {
  const purchases = cards
    .command('purchases')
    .description('purchases (bulk orders): list, create, mark paid, mark issued, retry a failed delivery');
  purchases
    .command('list')
    .description('the purchases, newest first, 10 a page')
    .addOption(propertyOption())
    .option('--search <text>', 'number, buyer, type or a recipient has this')
    .addOption(new Option('--status <status>', 'paid or initiated (unpaid)').choices(['paid', 'initiated']))
    .addOption(
      new Option('--source <source>', 'made in the back office or bought in the public store').choices([
        'back_office',
        'store',
      ]),
    )
    .option('--sold-from <day>', 'made on or after this day', day)
    .option('--sold-to <day>', 'made on or before this day', day)
    .addOption(
      new Option('--order-by <field>', 'sort by (default created_at, newest first)').choices([
        'created_at',
        'generated_id',
        'total_amount',
      ]),
    )
    .option('--asc', 'ascending order')
    .option('--page <n>', 'the page to show', whole(1, 1_000_000_000))
    .action((options: PurchasesListFlags, command: Command) =>
      import('./purchases.js').then((m) => m.listPurchases(contextOf(command), options)),
    );
  purchases
    .command('create')
    .description(
      'a purchase of a type (paid unless --unpaid; a single card is always paid); recipients from a CSV file (NAME,EMAIL), one per card, or none: every card to the buyer',
    )
    .addOption(propertyOption())
    .requiredOption('--type <id>', 'the gift card type')
    .requiredOption('--name <name>', 'the buyer')
    .requiredOption('--email <email>', "the buyer's e-mail")
    .requiredOption('--quantity <n>', 'cards', whole(1, GIFT_CARD_ISSUE_BATCH_MAX))
    .option('--price <n>', "what each card sells for; default: the type's net price", whole(0, 100_000_000))
    .option('--recipients <file>', 'the CSV file of recipients')
    .option('--expires <day>', "the cards' last day (YYYY-MM-DD); default: the type's validity", day)
    .option('--unpaid', 'not paid yet')
    .action((options: PurchaseCreateFlags, command: Command) =>
      import('./purchases.js').then((m) => m.createPurchase(contextOf(command), options)),
    );
  for (const action of ['paid', 'issued'] as const)
    purchases
      .command(`mark-${action} <number>`)
      .description(
        action === 'paid'
          ? 'mark an unpaid purchase paid'
          : "issue a pending purchase's cards: each recipient gets theirs by e-mail (a background job)",
      )
      .addOption(propertyOption())
      .option('-y, --yes', 'do not ask for confirmation')
      .action((number: string, options: { property: string; yes?: boolean }, command: Command) =>
        import('./purchases.js').then((m) => m.markPurchase(contextOf(command), action, number, options)),
      );
  purchases
    .command('retry <number>')
    .description(
      "deliver a purchase's cards again once its delivery failed for good (cards already e-mailed are not sent twice)",
    )
    .addOption(propertyOption())
    .option('-y, --yes', 'do not ask for confirmation')
    .action((number: string, options: { property: string; yes?: boolean }, command: Command) =>
      import('./purchases.js').then((m) => m.retryPurchase(contextOf(command), number, options)),
    );
}
