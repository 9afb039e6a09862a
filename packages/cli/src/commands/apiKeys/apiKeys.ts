import { submitForm } from '@tern/core/admin';
import { type ApiKeyDraft, apiKeyBodyOf, apiKeyFormInput, apiKeyView, maskApiKey } from '@tern/core/apiKeys';
import { deviceTimeZone } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import { API_KEYS_PAGE_SIZE, type ApiKey, type CreatedApiKey } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatFields, formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';

/** A key's status as the list says it: active, expired, or disabled and why (`disabled (blocked)`). */
const statusOf = (k: ApiKey) => {
  const view = apiKeyView(k, null);
  if (view === 'disabled')
    return k.disabledReason ? `disabled (${k.disabledReason.replace('_', ' ')})` : 'disabled';
  return view === 'expired' ? 'expired' : 'active';
};

/**
 * A key's row. Its instants on the wall clock of the machine's zone, as core's `formatInstant` writes them (a
 * key is the agency's, not a property's, so no property's zone applies); `--json` keeps them ISO.
 */
const row = (k: ApiKey, zone: string) => [
  k.id,
  k.name,
  maskApiKey(k.last6),
  k.scope,
  statusOf(k),
  k.expiresAt ? formatInstant(k.expiresAt, zone) : 'never',
  formatInstant(k.createdAt, zone),
  k.lastUsedAt ? formatInstant(k.lastUsedAt, zone) : 'never',
];

/** `tern api-keys list`: `--json` prints the SDK's `{ items, meta }` (no token is ever listed). */
export async function listApiKeys(ctx: Context, options: { page?: number }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.apiKeys.list({
      query: { page: options.page ?? 1, limit: API_KEYS_PAGE_SIZE },
    });
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No API keys. Make one with `tern api-keys create NAME`.\n';
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(
        ['ID', 'NAME', 'KEY', 'SCOPE', 'STATUS', 'EXPIRES', 'CREATED', 'LAST USED'],
        items.map((k) => row(k, deviceTimeZone())),
      )}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/** What each field of the create form needs, in the CLI's words (the form's field errors). */
const createHints: Record<string, string> = {
  name: 'Give the key a name: tern api-keys create "Booking backend"',
  scope: 'Choose --scope read or --scope book',
  lastDay: 'Give --last-day as a day from today on, YYYY-MM-DD (or leave it out: the key does not expire)',
};

/**
 * `tern api-keys create NAME [--scope read|book] [--last-day DAY]`: core's create form (`apiKeyFormInput` on
 * `formDrawerMachine`, as the web's drawer) driven headless — a blank name, another scope or a past day is
 * refused before any call; the whole token is printed once (stdout; the warning on stderr).
 */
export async function createApiKey(
  ctx: Context,
  name: string,
  options: { scope?: string; lastDay?: string } = {},
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const values = { name, scope: options.scope ?? 'read', lastDay: options.lastDay ?? '' };
    const result = await submitForm(
      apiKeyFormInput(),
      values,
      (draft): Promise<CreatedApiKey> => client.apiKeys.create({ body: apiKeyBodyOf(draft as ApiKeyDraft) }),
    );
    if (result.status === 'invalid')
      throw new UserError(
        Object.keys(result.errors)
          .map((field) => createHints[field] ?? field)
          .join('\n'),
        { code: 'invalid_input' },
      );
    const key = result.saved;
    ctx.out.result(key, () =>
      formatFields([
        ['Key', key.token],
        ['Name', key.name],
        ['Scope', key.scope],
        ['Expires', key.expiresAt ?? 'never'],
        ['Id', key.id],
      ]),
    );
    if (!ctx.json)
      ctx.out.note('This is the only time the whole key is shown: keep it in your backend’s secret store.');
  });
}

/** `tern api-keys disable ID [--yes]`: asks first on a terminal; without one, `--yes` is needed. */
export async function disableApiKey(ctx: Context, id: string, flags: { yes?: boolean }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    if (!/^[0-9a-f-]{36}$/i.test(id))
      throw new UserError(`"${id}" is not a key id: see \`tern api-keys list\``, { code: 'invalid_input' });
    if (
      !(await confirmed(ctx, `Disable API key ${id}? Backends using it are refused from now on.`, flags.yes))
    ) {
      ctx.out.note('Not disabled.');
      return;
    }
    const key = await client.apiKeys.disable({ params: { id } }).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404)
        throw new UserError(`There is no API key ${id} in your agency`, { code: 'not_found' });
      throw error;
    });
    ctx.out.result(key, () => `Disabled: ${key.name} (${maskApiKey(key.last6)})\n`);
  });
}
