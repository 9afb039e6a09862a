import {
  type AdminPropertyDraft,
  adminPropertyBodyOf,
  adminPropertyFormInput,
  auditLineEn,
  auditWords,
  type FormDrawerInput,
  type ResellerDraft,
  resellerBodyOf,
  resellerFormInput,
  type UserDraft,
  userFormInput,
  userRequestOf,
} from '@tern/core/admin';
import {
  ADMIN_PAGE_SIZE,
  type AdminProperty,
  errorCatalogue,
  type ListMeta,
  type ManagedUser,
  PMS_OPTIONS,
  type PropertyRole,
  type Reseller,
  type TernClient,
} from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { submitFlags } from '../../forms.js';
import { readAll } from '../../io.js';
import { canonicalJson, hashKey } from '../../keys.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';
import type { ListFlags, PropertyAddFlags, ResellerAddFlags, UserAddFlags } from './index.js';

// The admin page and the managers' users from a script (document 2 §2–§6). Adding drives core's drawers
// (`formDrawerMachine` with each form's rule and body) headless: a wrong flag is named before any call, the
// server's refusals come through the usual error path as they came.

/** Submits an admin form from flags; the PMS choice is named with its options. */
const submitted = <O>(
  input: FormDrawerInput<object>,
  values: object,
  save: (values: object) => Promise<O>,
  flags: Record<string, string> = {},
) => submitFlags(input, values, save, { flags, words: { pms: `one of ${PMS_OPTIONS.join(', ')}` } });

const footer = (meta: ListMeta, shown: number) => {
  const last = (meta.page - 1) * meta.limit + shown;
  return `${last} of ${meta.total}${last < meta.total ? `; --page ${meta.page + 1} for more` : ''}.\n`;
};

/** A list's reply: `--json` as it is, else a table (or `empty`) and how many of how many. */
function printPage<T>(
  ctx: Context,
  reply: { items: T[]; meta: ListMeta },
  empty: string,
  headers: string[],
  row: (item: T) => string[],
): void {
  ctx.out.result(reply, () =>
    reply.items.length === 0
      ? `${empty}\n`
      : `${formatTable(headers, reply.items.map(row))}${footer(reply.meta, reply.items.length)}`,
  );
}

const lockOf = (c: { lockOverride: boolean; paymentLocked: boolean }) =>
  c.lockOverride ? 'override on' : c.paymentLocked ? 'locked' : '';

const userRow = (u: ManagedUser) => [
  u.id,
  u.email,
  u.name,
  u.status,
  u.ternHotels.map((p) => `${p.name} (${p.role})`).join(', '),
  u.agent?.name ?? '',
];

/** `tern admin users list` and `tern users list --property ID`. */
export async function listUsers(ctx: Context, flags: ListFlags & { property?: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const query = {
      page: flags.page ?? 1,
      perPage: ADMIN_PAGE_SIZE,
      isActive: flags.all ? ('false' as const) : ('true' as const),
      ...(flags.search ? { q: flags.search } : {}),
    };
    const reply = flags.property
      ? await client.managerUsers.list({ query: { ...query, propertyId: flags.property } })
      : await client.admin.listUsers({ query });
    printPage(ctx, reply, 'No users.', ['ID', 'E-MAIL', 'NAME', 'STATUS', 'PROPERTIES', 'RESELLER'], (u) =>
      userRow(u),
    );
  });
}

async function passwordFrom(ctx: Context, flags: { passwordStdin?: boolean }): Promise<string> {
  if (!flags.passwordStdin)
    throw new UserError('Give the new user’s password on stdin with --password-stdin', {
      code: 'invalid_input',
    });
  return (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
}

/**
 * `tern admin users add …` and `tern users add --property ID …`: core's user drawer (`userFormInput`, the admin's
 * or a manager's) filled from the flags, sent as the web's drawer sends it (`userRequestOf`).
 */
export async function addUser(
  ctx: Context,
  flags: UserAddFlags & { property?: string | string[]; manager?: boolean },
): Promise<void> {
  const password = await passwordFrom(ctx, flags);
  const managerArea = typeof flags.property === 'string';
  const specs: [string, PropertyRole][] = managerArea
    ? [[flags.property as string, flags.manager ? 'manager' : 'user']]
    : ((flags.property as string[] | undefined) ?? []).map((spec) => {
        const [id, role = 'user'] = spec.split(':');
        if (role !== 'user' && role !== 'manager')
          throw new UserError(`--property ${spec}: the role is user or manager`, { code: 'invalid_input' });
        return [id!, role];
      });
  const scope = { isAdmin: !managerArea };
  const values: Partial<UserDraft> = {
    email: flags.email,
    name: flags.name,
    password,
    confirmPassword: password,
    sendBookingNotificationEmail: flags.notifications !== false,
    agent: flags.reseller ? { id: flags.reseller, name: '' } : null,
    rows: specs.map(([ternHotelId, role], i) => ({
      key: `new-${i + 1}`,
      id: null,
      ternHotelId,
      role,
      destroy: false,
    })),
  };
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await submitted(
      userFormInput(null, scope),
      values,
      (draft): Promise<ManagedUser> => {
        const request = userRequestOf(draft as UserDraft, null, scope);
        if (request.kind !== 'create') throw new Error('A new user is created');
        return managerArea
          ? client.managerUsers.create({ body: { ...request.body, propertyId: flags.property as string } })
          : client.admin.createUser({ body: request.body });
      },
      { rows: 'property', confirmPassword: 'password-stdin', password: 'password-stdin' },
    );
    ctx.out.result(user, () => `Added ${user.name} <${user.email}> (${user.role}): ${user.id}\n`);
  });
}

/** A user by id or e-mail, among those the caller reaches. */
async function findUser(
  client: TernClient,
  ref: string,
  propertyId: string | undefined,
): Promise<ManagedUser> {
  const query = {
    q: ref.includes('@') ? ref : undefined,
    isActive: 'false' as const,
    perPage: ADMIN_PAGE_SIZE,
    page: 1,
  };
  if (!ref.includes('@'))
    return propertyId
      ? client.managerUsers.get({ params: { id: ref }, query: { propertyId } })
      : client.admin.getUser({ params: { id: ref } });
  const page = propertyId
    ? await client.managerUsers.list({ query: { ...query, propertyId } })
    : await client.admin.listUsers({ query });
  const user = page.items.find((u) => u.email.toLowerCase() === ref.toLowerCase());
  if (!user)
    throw new UserError(`There is no user ${ref}${propertyId ? ' at that property' : ''}`, {
      code: 'user_not_found',
    });
  return user;
}

/** `tern admin users block|unblock USER` and `tern users block|unblock USER --property ID`. */
export async function setUserStatus(
  ctx: Context,
  ref: string,
  status: 'active' | 'blocked',
  flags: { yes?: boolean; property?: string },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await findUser(client, ref, flags.property);
    const verb = status === 'blocked' ? 'Block' : 'Unblock';
    // What the server refuses, said before asking (its `may`: core's `userActions`).
    if (!user.may.status) {
      const code = user.may.refusal ?? 'forbidden';
      throw new UserError(
        `You may not ${verb.toLowerCase()} ${user.name} <${user.email}>: ${errorCatalogue[code]}`,
        {
          code,
          status: 403,
        },
      );
    }
    if (!(await confirmed(ctx, `${verb} ${user.name} <${user.email}>?`, flags.yes))) {
      ctx.out.note(`Not ${status === 'blocked' ? 'blocked' : 'unblocked'}.`);
      return;
    }
    const changed = flags.property
      ? await client.managerUsers.setStatus({
          params: { id: user.id },
          body: { status, propertyId: flags.property },
        })
      : await client.admin.setUserStatus({ params: { id: user.id }, body: { status } });
    ctx.out.result(changed, () => `${changed.name} is ${changed.status}.\n`);
  });
}

/** `tern admin resellers list`. */
export async function listResellers(ctx: Context, flags: ListFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.admin.listResellers({
      query: {
        page: flags.page ?? 1,
        perPage: ADMIN_PAGE_SIZE,
        ...(flags.search ? { q: flags.search } : {}),
      },
    });
    printPage(ctx, reply, 'No resellers.', ['ID', 'NAME', 'E-MAIL', 'EXTERNAL ID', 'LOCK'], (r) => [
      r.id,
      r.name,
      r.email,
      r.externalId,
      lockOf(r),
    ]);
  });
}

/** `tern admin resellers add …`. */
export async function addReseller(ctx: Context, flags: ResellerAddFlags): Promise<void> {
  const values: Partial<ResellerDraft> = {
    name: flags.name,
    email: flags.email,
    phone: flags.phone,
    country: flags.country,
    address1: flags.address ?? '',
    city: flags.city ?? '',
    zipCode: flags.zip ?? '',
    taxId: flags.taxId ?? '',
    legalName: flags.legalName ?? '',
    emailInvoice: flags.invoiceEmail ?? '',
    externalId: flags.externalId ?? '',
  };
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reseller = await submitted(
      resellerFormInput(null),
      values,
      (draft): Promise<Reseller> => {
        const body = resellerBodyOf(draft as ResellerDraft);
        // The same add run again (a retry, a rerun script) replays the first reseller instead of a second one.
        return client.admin.createReseller({ body }, { idempotencyKey: addKey('reseller', body) });
      },
      { emailInvoice: 'invoice-email' },
    );
    ctx.out.result(reseller, () => `Added ${reseller.name}: ${reseller.id}\n`);
  });
}

/**
 * An admin add's Idempotency-Key: a hash of what it adds (canonical JSON), so the same add twice — a retry, a
 * script run again — makes one object and replays it (the server keeps a key a day); a different add, another.
 */
function addKey(kind: string, body: unknown): string {
  return hashKey(`admin-${kind}-add`, canonicalJson(body));
}

/** `tern admin properties list`. */
export async function listProperties(ctx: Context, flags: ListFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.admin.listProperties({
      query: {
        page: flags.page ?? 1,
        perPage: ADMIN_PAGE_SIZE,
        ...(flags.search ? { q: flags.search } : {}),
      },
    });
    printPage(ctx, reply, 'No properties.', ['ID', 'NAME', 'TYPE', 'E-MAIL', 'LOCK'], (p) => [
      p.id,
      p.name,
      p.propertyType,
      p.email,
      lockOf(p),
    ]);
  });
}

/** `tern admin properties add …`: core's property drawer (`adminPropertyFormInput`) filled from the flags. */
export async function addProperty(ctx: Context, flags: PropertyAddFlags): Promise<void> {
  const values: Partial<AdminPropertyDraft> = {
    name: flags.name,
    email: flags.email,
    pms: flags.pms,
    propertyType: flags.type as AdminPropertyDraft['propertyType'],
    channexPropertyId: flags.channexId,
    ...(flags.timezone ? { timezone: flags.timezone } : {}),
    ...(flags.phone ? { phone: flags.phone } : {}),
    ...(flags.city ? { city: flags.city } : {}),
    ...(flags.country ? { country: flags.country } : {}),
    ...(flags.storeIcelandicOnly ? { storeIcelandicOnly: true } : {}),
  };
  await withClient(ctx, { session: true }, async ({ client }) => {
    const property = await submitted(
      adminPropertyFormInput(null),
      values,
      (draft): Promise<AdminProperty> => {
        const body = adminPropertyBodyOf(draft as AdminPropertyDraft, 'create');
        return client.admin.createProperty({ body }, { idempotencyKey: addKey('property', body) });
      },
      { channexPropertyId: 'channex-id', propertyType: 'type' },
    );
    ctx.out.result(property, () => `Added ${property.name} (${property.propertyType}): ${property.id}\n`);
  });
}

/**
 * `tern admin properties icelandic-only ID on|off`: the property drawer's switch (document 3 §1, the gift store
 * in Icelandic only with no language menu) saved with the property's other fields as they are.
 */
export async function storeIcelandicOnly(ctx: Context, id: string, on: boolean): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const property = await client.admin.getProperty({ params: { id } });
    const draft = adminPropertyFormInput(property).values as AdminPropertyDraft;
    const changed = await client.admin.updateProperty({
      params: { id },
      body: adminPropertyBodyOf({ ...draft, storeIcelandicOnly: on }, 'edit'),
    });
    ctx.out.result(
      changed,
      () => `${changed.name}’s gift store is ${on ? 'in Icelandic only' : 'in every language'}.
`,
    );
  });
}

/** `tern admin resellers|properties lock-override ID on|off`. */
export async function lockOverride(
  ctx: Context,
  kind: 'reseller' | 'property',
  id: string,
  on: boolean,
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const input = { params: { id }, body: { lockOverride: on } };
    const changed =
      kind === 'reseller'
        ? await client.admin.setResellerLockOverride(input)
        : await client.admin.setPropertyLockOverride(input);
    ctx.out.result(changed, () => `Lock override ${on ? 'on' : 'off'} for ${changed.name}.\n`);
  });
}

/** What the caller may not do with this user, said before any change (the server's `may`: core's `userActions`). */
function refuseBeyondReach(user: ManagedUser, allowed: boolean, doing: string): void {
  if (allowed) return;
  const code = user.may.refusal ?? 'forbidden';
  throw new UserError(`You may not ${doing} ${user.name} <${user.email}>: ${errorCatalogue[code]}`, {
    code,
    status: 403,
  });
}

/**
 * `tern admin users password USER --password-stdin` and `tern users password USER --property ID --password-stdin`:
 * sets a one-time password (the user chooses their own at their next sign-in); `tern … users reset USER` is
 * preferred, which mails them a link to choose it themselves.
 */
export async function setPassword(
  ctx: Context,
  ref: string,
  flags: { passwordStdin?: boolean; property?: string },
): Promise<void> {
  const password = await passwordFrom(ctx, flags);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await findUser(client, ref, flags.property);
    refuseBeyondReach(user, user.may.password, 'set the password of');
    const body = { password, confirmPassword: password };
    if (flags.property)
      await client.managerUsers.setPassword({
        params: { id: user.id },
        body: { ...body, propertyId: flags.property },
      });
    else await client.admin.setUserPassword({ params: { id: user.id }, body });
    ctx.out.result(
      { id: user.id, email: user.email, oneTime: true },
      () =>
        `The password of ${user.name} is set. It works once: they choose their own at their next sign-in (their sessions and API keys have ended).\n`,
    );
  });
}

/** `tern admin users reset USER` and `tern users reset USER --property ID`: mails the user a reset link (an hour). */
export async function sendReset(ctx: Context, ref: string, flags: { property?: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await findUser(client, ref, flags.property);
    refuseBeyondReach(user, user.may.password, 'send a reset link to');
    if (flags.property)
      await client.managerUsers.sendPasswordReset({
        params: { id: user.id },
        body: { propertyId: flags.property },
      });
    else await client.admin.sendUserPasswordReset({ params: { id: user.id } });
    ctx.out.result(
      { id: user.id, email: user.email, sent: true },
      () => `A link to choose a new password was sent to ${user.email} (it works for an hour).\n`,
    );
  });
}

/** `tern admin users edit USER` and `tern users edit USER --property ID`: the name, notifications (an admin: e-mail). */
export async function editUser(
  ctx: Context,
  ref: string,
  flags: { name?: string; email?: string; notifications?: boolean; property?: string },
): Promise<void> {
  if (flags.name === undefined && flags.email === undefined && flags.notifications === undefined)
    throw new UserError(
      'Say what changes: --name, --notifications or --no-notifications (an admin: --email)',
      {
        code: 'usage',
      },
    );
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await findUser(client, ref, flags.property);
    refuseBeyondReach(user, user.may.identity, 'change');
    const body = {
      name: flags.name ?? user.name,
      ...(flags.notifications === undefined ? {} : { sendBookingNotificationEmail: flags.notifications }),
      ...(flags.email === undefined ? {} : { email: flags.email }),
    };
    const changed = flags.property
      ? await client.managerUsers.update({
          params: { id: user.id },
          body: { ...body, propertyId: flags.property },
        })
      : await client.admin.updateUser({ params: { id: user.id }, body });
    ctx.out.result(changed, () => `Changed: ${changed.name} <${changed.email}>.\n`);
  });
}

/** `tern admin users history USER`: the user's audit trail in words, newest first (core's `auditWords`). */
export async function userHistory(ctx: Context, ref: string, flags: { page?: number }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const user = await findUser(client, ref, undefined);
    const trail = await client.admin.audit({
      query: { objectType: 'user', objectId: user.id, page: flags.page ?? 1 },
    });
    ctx.out.result(trail, () =>
      trail.items.length === 0
        ? `No history for ${user.name}.\n`
        : formatTable(
            ['WHEN', 'WHAT', 'FROM'],
            trail.items.map((e) => [
              e.at.replace(/\.\d{3}Z$/, 'Z'),
              auditLineEn(auditWords(e, user.name)),
              e.ip ?? '',
            ]),
          ),
    );
  });
}
