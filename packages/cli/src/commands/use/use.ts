import { resolveApiUrl, withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatFields } from '../../output.js';
import { storedProperty } from '../../propertyDefault.js';

/**
 * `tern use PROPERTY` stores it as the default `--property` for the API (one of the signed-in user's properties;
 * an admin's any id); `tern use --clear` forgets it; `tern use` prints it.
 */
export async function use(
  ctx: Context,
  property: string | undefined,
  options: { clear?: boolean },
): Promise<void> {
  if (property !== undefined && options.clear)
    throw new UserError('Give a property or --clear, not both', { code: 'usage' });
  const config = await ctx.config.load();
  const apiUrl = resolveApiUrl(ctx, config);
  if (options.clear) {
    await ctx.config.update((current) => {
      const { [apiUrl]: _gone, ...rest } = current.defaultProperties ?? {};
      const { defaultProperties: _all, ...others } = current;
      return Object.keys(rest).length > 0 ? { ...others, defaultProperties: rest } : others;
    });
    ctx.out.result({ apiUrl, property: null }, () => `No default property for ${apiUrl} now\n`);
    return;
  }
  if (property === undefined) {
    const id = storedProperty(config, apiUrl) ?? null;
    ctx.out.result({ apiUrl, property: id }, () =>
      id
        ? formatFields([
            ['Property', id],
            ['API', apiUrl],
          ])
        : `No default property for ${apiUrl}: \`tern use ID\` sets one (\`tern whoami\` lists yours)\n`,
    );
    return;
  }
  const id = property.trim();
  const name = await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await client.auth.currentUser();
    const mine = user.ternHotels.find((p) => p.id === id);
    if (mine) return mine.name;
    if (user.role === 'admin') return null;
    throw new UserError(
      `You do not work at property ${id}: \`tern whoami\` lists yours (${user.ternHotels.length === 0 ? 'none' : user.ternHotels.map((p) => p.id).join(', ')})`,
      { code: 'not_your_property' },
    );
  });
  await ctx.config.update((current) => ({
    ...current,
    defaultProperties: { ...current.defaultProperties, [apiUrl]: id },
  }));
  ctx.out.result(
    { apiUrl, property: id, name },
    () => `Default property for ${apiUrl}: ${name ? `${name} (${id})` : id}\n`,
  );
}
