import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { formatFields } from '../../output.js';
import { storedProperty } from '../../propertyDefault.js';
import { userFields } from './userFields.js';

/**
 * `tern whoami`: the signed-in user, as the server sees them now, with what this terminal adds (the default
 * property of `tern use`, the profile). `--json` prints the SDK's user.
 */
export async function whoami(ctx: Context): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client, apiUrl, config }) => {
    const user = await client.auth.currentUser();
    ctx.out.result(user, () =>
      formatFields(
        userFields(user, {
          apiUrl,
          exp: config.exp,
          profile: ctx.config.profile,
          defaultProperty: storedProperty(config, apiUrl),
        }),
      ),
    );
  });
}
