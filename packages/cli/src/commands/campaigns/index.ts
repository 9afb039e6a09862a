import { CAMPAIGN_STATES } from '@tern/sdk/limits';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ContextOf } from '../../context.js';
import { dayFlag } from '../../dayFlag.js';
import { propertyOption } from '../../property.js';
import type { CampaignCreateFlags, CampaignListFlags, OptionAddFlags } from './campaigns.js';

function page(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('Use a whole number from 1');
  return n;
}

/**
 * `tern campaigns list|create|publish|unpublish` and `tern campaigns options add` (document 3 §2.3, §4 M28, §7;
 * a property's staff): the `/gift-campaigns` page from a script, on the same core machines.
 */
export function registerCampaigns(program: Command, contextOf: ContextOf): void {
  const campaigns = program
    .command('campaigns')
    .description(
      "a property's gift campaigns: a choice of gifts, each recipient picks one on its public page",
    );
  campaigns
    .command('list')
    .description(
      'list the property’s campaigns of one status (published by default), newest first, 100 a page',
    )
    .addOption(propertyOption())
    .addOption(
      new Option('--status <status>', 'which campaigns: published, draft or archived')
        .choices([...CAMPAIGN_STATES])
        .default('published'),
    )
    .option('--search <text>', 'only campaigns whose name has this')
    .option('--page <n>', 'the page to show', page)
    .action((options: CampaignListFlags, command: Command) =>
      import('./campaigns.js').then((m) => m.listCampaigns(contextOf(command), options)),
    );
  campaigns
    .command('create')
    .description(
      'add a campaign (a draft; add its gifts with `campaigns options add`, then `campaigns publish`)',
    )
    .addOption(propertyOption())
    .requiredOption('--name <name>', 'its name, shown on the public page')
    .requiredOption('--description <text>', 'its words to the recipients')
    .option('--publish', 'published when created (needs a gift: only for a campaign made with gifts)')
    .addHelpText(
      'after',
      '\nExample:\n  tern campaigns create --name "Thank you, partners" --description "Choose one gift"',
    )
    .action((options: CampaignCreateFlags, command: Command) =>
      import('./campaigns.js').then((m) => m.createCampaign(contextOf(command), options)),
    );
  for (const [verb, what] of [
    ['publish', 'publish a draft or an unpublished campaign: its public page opens (it needs a gift)'],
    ['unpublish', 'unpublish a published campaign (archived: no more picks; `publish` opens it again)'],
  ] as const)
    campaigns
      .command(verb)
      .description(what)
      .argument('<campaign>', 'the campaign’s id (see `tern campaigns list`)')
      .addOption(propertyOption())
      .action((id: string, options: { property: string }, command: Command) =>
        import('./campaigns.js').then((m) => m.changeCampaignStatus(contextOf(command), id, verb, options)),
      );
  const options = campaigns.command('options').description('the gifts a campaign offers');
  options
    .command('add')
    .description(
      'add a gift to a campaign that is not archived: one card of a gift card type, valid until a day',
    )
    .argument('<campaign>', 'the campaign’s id (see `tern campaigns list`)')
    .addOption(propertyOption())
    .requiredOption('--name <name>', 'the gift’s name')
    .requiredOption('--description <text>', 'the gift’s words')
    .requiredOption('--type <id>', 'the gift card type a pick issues (see `tern gift-cards types`)')
    .requiredOption(
      '--expires <day>',
      'the cards’ last day (YYYY-MM-DD, not before the property’s today)',
      dayFlag(),
    )
    .option('--photo <url>', 'a photo of the property (`/photos/uploads/…`); default: the type’s first photo')
    .addHelpText(
      'after',
      '\nExample:\n  tern campaigns options add CAMPAIGN_ID --name "A night for two" --description "Dinner too" --type TYPE_ID --expires 2027-12-31',
    )
    .action((id: string, flags: OptionAddFlags, command: Command) =>
      import('./campaigns.js').then((m) => m.addCampaignOption(contextOf(command), id, flags)),
    );
}
