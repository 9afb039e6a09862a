import { deviceTimeZone, isPastDay, todayIn } from '@tern/core/dates';
import type { ChangedCell, TernClient } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatTable } from '../../output.js';
import { restrictionsText } from './get.js';
import type { InventorySetFlags } from './index.js';
import { readRowsFile } from './rowsFile.js';
import { editOf } from './rules.js';

/** The property's today (in its time zone, from the signed-in user's properties; the device's for an admin). */
async function todayOf(client: TernClient, propertyId: string, now: number): Promise<string> {
  const me = await client.auth.currentUser();
  return todayIn(me.ternHotels.find((p) => p.id === propertyId)?.timezone ?? deviceTimeZone(), now);
}

function cellsText(cells: ChangedCell[]): string {
  const rows = cells.map((c) =>
    c.kind === 'availability'
      ? [c.date, `unit ${c.unitId.slice(0, 8)}`, `rooms ${c.from ?? '-'} → ${c.to} (${c.booked} booked)`]
      : [
          c.date,
          `plan ${c.ratePlanId.slice(0, 8)}`,
          `${c.from ? `${c.from.price} ${restrictionsText(c.from)}` : '-'} → ${c.to ? `${c.to.price} ${restrictionsText(c.to)}` : '-'}`,
        ],
  );
  return rows.length ? formatTable(['NIGHT', 'WHAT', 'CHANGE'], rows) : '';
}

const counted = (s: { availability: number; rates: number }) =>
  `${s.availability} availability night${s.availability === 1 ? '' : 's'}, ${s.rates} rate night${s.rates === 1 ? '' : 's'}`;

/**
 * `tern inventory set …`: a bulk edit from flags (checked with the contract's schema, core's bulk edit rules and
 * the property's today first), or `--from-file` rows for the bulk call. `--preview` shows the cells and changes
 * nothing. The edit carries an Idempotency-Key (`--idempotency-key`, else one per call).
 */
export async function setInventory(ctx: Context, flags: InventorySetFlags): Promise<void> {
  if (flags.fromFile) {
    const editFlags = [
      'from',
      'to',
      'weekdays',
      'unit',
      'plan',
      'price',
      'increase',
      'decrease',
      'availability',
      'stopSell',
      'open',
      'cta',
      'ctd',
      'minStay',
      'minStayThrough',
      'maxStay',
      'occupancyRate',
      'preview',
    ] as const;
    if (flags.idempotencyKey !== undefined)
      throw new UserError(
        '--idempotency-key goes with a bulk edit: a file’s rows set the same values again when sent again',
        { code: 'invalid_input' },
      );
    const mixed = editFlags.find((f) => flags[f] !== undefined);
    if (mixed)
      throw new UserError(`--from-file takes its rows from the file: leave out --${kebab(mixed)}`, {
        code: 'invalid_input',
      });
    const body = await readRowsFile(flags.fromFile);
    await withClient(ctx, { session: true }, async ({ client }) => {
      const today = await todayOf(client, flags.property, ctx.now());
      const past = [...(body.rows ?? []), ...(body.availability ?? [])].find((r) => isPastDay(r.date, today));
      if (past)
        throw new UserError(`${flags.fromFile}: ${past.date} is past: use nights from ${today} on`, {
          code: 'invalid_input',
        });
      const done = await client.inventory.putRows({ params: { propertyId: flags.property }, body });
      ctx.out.result(
        done,
        () => `Saved ${counted(done.summary)} (undo: tern inventory undo --property ${flags.property}).\n`,
      );
    });
    return;
  }
  const body = editOf(flags);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const today = await todayOf(client, flags.property, ctx.now());
    if (!body.preview && isPastDay(body.from, today))
      throw new UserError(`--from: past nights cannot change: use a day from ${today} on`, {
        code: 'invalid_input',
      });
    // One key for the edit (the SDK keeps it for its retries): a retried "+10%" is applied once.
    const result = await client.inventory.edit(
      { params: { propertyId: flags.property }, body },
      flags.idempotencyKey ? { idempotencyKey: flags.idempotencyKey } : {},
    );
    ctx.out.result(result, () => {
      const head = result.preview
        ? `Would change ${counted(result.summary)} (nothing saved):\n`
        : `Changed ${counted(result.summary)}${result.changeSetId ? ` (undo: tern inventory undo --property ${flags.property})` : ''}.\n`;
      return head + cellsText(result.cells);
    });
  });
}

/**
 * `tern inventory undo --property ID`: takes back the property's last change — once per key, so a retried undo
 * does not take back the change before it too.
 */
export async function undoInventory(
  ctx: Context,
  propertyId: string,
  idempotencyKey?: string,
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const undone = await client.inventory.undo(
      { params: { propertyId } },
      idempotencyKey ? { idempotencyKey } : {},
    );
    ctx.out.result(undone, () => `Undid ${counted(undone.summary)}.\n${cellsText(undone.cells)}`);
  });
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
