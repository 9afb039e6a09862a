import type { Command } from 'commander';
import { resolveApiUrl, withClient } from './client.js';
import type { TernConfig } from './config.js';
import type { Context } from './context.js';
import { UserError } from './errors.js';

// Which property a command works on when `--property` is left out (see property.ts): loaded by program.ts's
// `preAction` hook only for a command that takes one, so `tern --help` never loads the SDK.

export const NAME_THE_PROPERTY =
  'name the property: --property ID (`tern whoami` lists yours; `tern use ID` sets a default)';

/** The default property stored for `apiUrl` by `tern use`, if any. */
export function storedProperty(config: TernConfig, apiUrl: string): string | undefined {
  return config.defaultProperties?.[apiUrl];
}

/**
 * Fills `--property` of `command` when it was left out: the stored default for this API, else the signed-in
 * user's only property (one `currentUser` call), else a usage error that says how to name one.
 */
export async function fillProperty(ctx: Context, command: Command): Promise<void> {
  if (command.getOptionValue('property') !== undefined) return;
  const config = await ctx.config.load();
  const stored = storedProperty(config, resolveApiUrl(ctx, config));
  if (stored) {
    command.setOptionValue('property', stored);
    return;
  }
  const properties = await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await client.auth.currentUser();
    return user.ternHotels;
  });
  if (properties.length !== 1) throw new UserError(capitalized(NAME_THE_PROPERTY), { code: 'usage' });
  command.setOptionValue('property', properties[0]!.id);
}

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);
