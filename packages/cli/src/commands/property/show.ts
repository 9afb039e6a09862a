import { engineCalls } from '@tern/core/bookingEngine';
import { propertyFields } from '../../bookingEngine/format.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';

/** `tern property show ID`: the property page (document 1 §2) as text; `--json` prints the SDK's `PropertyInfo`. */
export async function showProperty(ctx: Context, id: string): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const info = await engineCalls(client).info('accommodations', id);
    ctx.out.result(
      info,
      () =>
        `${propertyFields(info)}\nRates: \`tern property rates ${info.id} --checkin YYYY-MM-DD --checkout YYYY-MM-DD\`\n`,
    );
  });
}
