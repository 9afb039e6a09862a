import {
  adminValidationKeys,
  validatePropertyForm,
  validateResellerForm,
  validateUserForm,
  validationKeys,
} from '@tern/core';
import {
  ADMIN_PAGE_SIZE,
  type AdminPropertyType,
  type ListMeta,
  type ManagedUser,
  PMS_OPTIONS,
  type TernClient,
  type UserPropertyRow,
} from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { readAll } from '../../io.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';
import type { ListFlags, PropertyAddFlags, ResellerAddFlags, UserAddFlags } from './index.js';

// The admin page and the managers' users from a script (document 2 §2–§6), checked with core's form rules
// before the call; the server's refusals come through the usual error path.

const MESSAGES: Record<string, string> = {
  [validationKeys.required]: 'required',
  [validationKeys.email]: 'not a valid e-mail address',
  [validationKeys.passwordMin]: 'use at least 6 characters',
  [validationKeys.passwordMax]: 'use at most 128 characters',
  [validationKeys.notMatch]: 'the passwords do not match',
  [adminValidationKeys.digits]: 'use digits only',
  [adminValidationKeys.tooLong]: 'use at most 200 characters',
  [adminValidationKeys.duplicateProperty]: 'a property appears twice',
};

/** The first complaint of a core rule, as a flag and words; nothing when the values pass. */
function refuse(errors: Record<string, unknown>, flags: Record<string, string> = {}): void {
  const [field, key] = Object.entries(errors).find(([name]) => name !== 'rowErrors') ?? [];
  if (!field) return;
  throw new UserError(`--${flags[field] ?? field}: ${MESSAGES[String(key)] ?? String(key)}`, {
    code: 'invalid_input',
  });
}

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

/** `tern admin users add …` and `tern users add --property ID …`. */
export async function addUser(
  ctx: Context,
  flags: UserAddFlags & { property?: string | string[]; manager?: boolean },
): Promise<void> {
  const password = await passwordFrom(ctx, flags);
  const managerArea = typeof flags.property === 'string';
  const rows: UserPropertyRow[] = managerArea
    ? [{ ternHotelId: flags.property as string, role: flags.manager ? 'manager' : 'user' }]
    : ((flags.property as string[] | undefined) ?? []).map((spec) => {
        const [id, role = 'user'] = spec.split(':');
        if (role !== 'user' && role !== 'manager')
          throw new UserError(`--property ${spec}: the role is user or manager`, { code: 'invalid_input' });
        return { ternHotelId: id!, role };
      });
  refuse(
    validateUserForm(
      {
        email: flags.email,
        name: flags.name,
        password,
        confirmPassword: password,
        agentId: flags.reseller ?? null,
        rows: rows.map((r, i) => ({
          key: `r${i}`,
          id: null,
          ternHotelId: r.ternHotelId,
          role: r.role,
          destroy: false,
        })),
      },
      { mode: 'create', emailShown: true },
    ),
    { rows: 'property', confirmPassword: 'password-stdin', password: 'password-stdin' },
  );
  await withClient(ctx, { session: true }, async ({ client }) => {
    const body = {
      email: flags.email.trim(),
      name: flags.name.trim(),
      password,
      confirmPassword: password,
      sendBookingNotificationEmail: flags.notifications !== false,
      ...(flags.reseller ? { agentId: flags.reseller } : {}),
      ternHotelUsersAttributes: rows,
    };
    const user = managerArea
      ? await client.managerUsers.create({ body: { ...body, propertyId: flags.property as string } })
      : await client.admin.createUser({ body });
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
  refuse(
    validateResellerForm({
      name: flags.name,
      email: flags.email,
      phone: flags.phone,
      country: flags.country,
      emailInvoice: flags.invoiceEmail ?? '',
    }),
    { emailInvoice: 'invoice-email' },
  );
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reseller = await client.admin.createReseller({
      body: {
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
      },
    });
    ctx.out.result(reseller, () => `Added ${reseller.name}: ${reseller.id}\n`);
  });
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

/** `tern admin properties add …`. */
export async function addProperty(ctx: Context, flags: PropertyAddFlags): Promise<void> {
  refuse(
    validatePropertyForm(
      {
        name: flags.name,
        pms: flags.pms,
        email: flags.email,
        propertyType: flags.type as AdminPropertyType,
        channexPropertyId: flags.channexId,
      },
      { mode: 'create' },
    ),
    { channexPropertyId: 'channex-id', propertyType: 'type' },
  );
  if (!(PMS_OPTIONS as readonly string[]).includes(flags.pms))
    throw new UserError(`--pms: one of ${PMS_OPTIONS.join(', ')}`, { code: 'invalid_input' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const property = await client.admin.createProperty({
      body: {
        name: flags.name,
        email: flags.email,
        pms: flags.pms as (typeof PMS_OPTIONS)[number],
        propertyType: flags.type as AdminPropertyType,
        channexPropertyId: flags.channexId,
        ...(flags.timezone ? { timezone: flags.timezone } : {}),
        ...(flags.phone ? { phone: flags.phone } : {}),
        ...(flags.city ? { city: flags.city } : {}),
        ...(flags.country ? { country: flags.country } : {}),
      },
    });
    ctx.out.result(property, () => `Added ${property.name} (${property.propertyType}): ${property.id}\n`);
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
