import { type Command, InvalidArgumentError } from 'commander';
import type { ContextOf } from '../../context.js';
import { dayFlag } from '../../dayFlag.js';
import { propertyOption } from '../../property.js';
import type { PromoUpdateFlags } from './promoCodes.js';

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000)
    throw new InvalidArgumentError('Use a whole number from 1');
  return n;
}
function amount(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) throw new InvalidArgumentError('Use a number of at least 1');
  return n;
}
const day = dayFlag();

export interface PromoCreateFlags {
  property: string;
  name: string;
  code: string;
  percent?: number;
  amount?: number;
  limit?: number;
  from?: string;
  to?: string;
  active?: boolean;
}

/** `tern promo-codes list|create --property ID` (document 2 §2 promo codes; a property's staff). */
export function registerPromoCodes(program: Command, contextOf: ContextOf): void {
  const promos = program
    .command('promo-codes')
    .description("a property's promo codes (for its gift-card store)");
  promos
    .command('list')
    .description('list the property’s codes, newest first, 10 a page, with their status')
    .addOption(propertyOption())
    .option('--search <text>', 'only codes whose name or code has this')
    .option('--page <n>', 'the page to show', positive)
    .action((options: { property: string; search?: string; page?: number }, command: Command) =>
      import('./promoCodes.js').then((m) => m.listPromoCodes(contextOf(command), options)),
    );
  promos
    .command('create')
    .description('add a code: --percent N or --amount N off; inactive unless --active')
    .addOption(propertyOption())
    .requiredOption('--name <name>', '2 to 50 characters')
    .requiredOption('--code <code>', '2 to 50 letters, digits, - or _ (unique in the property)')
    .option('--percent <n>', 'percentage off (1–100)', amount)
    .option('--amount <n>', 'amount off, in the property’s currency', amount)
    .option('--limit <n>', 'how many purchases may use it (default: no limit)', positive)
    .option('--from <day>', 'valid from (YYYY-MM-DD, not before the property’s today)', day)
    .option('--to <day>', 'valid to (YYYY-MM-DD)', day)
    .option('--active', 'active at once')
    .action((options: PromoCreateFlags, command: Command) =>
      import('./promoCodes.js').then((m) => m.createPromoCode(contextOf(command), options)),
    );
  promos
    .command('update')
    .description('change a code: only the flags given change; core’s rules check it before the call')
    .argument('<code>', 'the code (as guests type it) or its id')
    .addOption(propertyOption())
    .option('--name <name>', '2 to 50 characters')
    .option('--code <code>', 'a new code: 2 to 50 letters, digits, - or _')
    .option('--percent <n>', 'percentage off (1–100)', amount)
    .option('--amount <n>', 'amount off, in the property’s currency', amount)
    .option('--limit <n>', 'how many purchases may use it', positive)
    .option('--no-limit', 'no limit of purchases')
    .option('--from <day>', 'valid from (YYYY-MM-DD; a new start not before the property’s today)', day)
    .option('--to <day>', 'valid to (YYYY-MM-DD)', day)
    .option('--active', 'make it active')
    .option('--inactive', 'make it inactive')
    .addHelpText(
      'after',
      '\nExample:\n  tern promo-codes update WINTER --percent 20 --to 2027-02-28 --active',
    )
    .action((code: string, options: PromoUpdateFlags, command: Command) =>
      import('./promoCodes.js').then((m) => m.updatePromoCode(contextOf(command), code, options)),
    );
  promos
    .command('deactivate')
    .description('make a code inactive (it stays, and `update --active` turns it on again)')
    .argument('<code>', 'the code (as guests type it) or its id')
    .addOption(propertyOption())
    .addHelpText('after', '\nExample:\n  tern promo-codes deactivate WINTER')
    .action((code: string, options: { property: string }, command: Command) =>
      import('./promoCodes.js').then((m) => m.deactivatePromoCode(contextOf(command), code, options)),
    );
}
