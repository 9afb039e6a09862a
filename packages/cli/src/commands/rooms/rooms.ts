import { formDrawerInput } from '@tern/core/admin';
import { emptyUnitForm, type UnitForm, validateUnitForm } from '@tern/core/rates';
import { loadAllPages, ROOMS_PAGE_SIZE, type TernClient, type Unit } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { submitFlags } from '../../forms.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';

export interface UnitFlags {
  property: string;
  title?: string;
  kind?: 'room' | 'dorm';
  rooms?: number;
  adults?: number;
  children?: number;
  infants?: number;
  defaultOccupancy?: number;
  description?: string;
}

/** The flag of each field of core's unit form. */
const FLAGS: Record<string, string> = {
  title: 'title',
  roomKind: 'kind',
  countOfRooms: 'rooms',
  occAdults: 'adults',
  occChildren: 'children',
  occInfants: 'infants',
  defaultOccupancy: 'default-occupancy',
};

/** Every unit of the property (100 a page). */
export async function unitsOf(client: TernClient, propertyId: string): Promise<Unit[]> {
  return loadAllPages(
    (page, limit) => client.roomsAndRates.listUnits({ query: { propertyId, page, limit } }),
    ROOMS_PAGE_SIZE,
  );
}

/** `tern rooms list`: `--json` prints `{ items }` (the SDK's units). */
export async function listUnits(ctx: Context, flags: { property: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const items = await unitsOf(client, flags.property);
    ctx.out.result({ items }, () =>
      items.length === 0
        ? 'No units: `tern rooms create` adds one.\n'
        : formatTable(
            ['ID', 'TITLE', 'KIND', 'ROOMS', 'ADULTS', 'CHILDREN', 'INFANTS', 'PLANS'],
            items.map((u) => [
              u.id,
              u.title,
              u.roomKind,
              String(u.countOfRooms),
              String(u.occAdults),
              String(u.occChildren),
              String(u.occInfants),
              String(u.ratePlans),
            ]),
          ),
    );
  });
}

const formOfUnit = (u: Unit): UnitForm => ({
  title: u.title,
  roomKind: u.roomKind,
  countOfRooms: u.countOfRooms,
  occAdults: u.occAdults,
  occChildren: u.occChildren,
  occInfants: u.occInfants,
  defaultOccupancy: u.defaultOccupancy,
  content: { description: u.content.description },
  facilities: u.facilities.flatMap((group) => group.facilityCodes),
});

/**
 * `tern rooms create|update`: the unit drawer run headless — the unit's values (or a new one's defaults), the
 * flags given changed in them, core's `validateUnitForm` before the one call.
 */
export async function saveUnit(ctx: Context, unitId: string | null, flags: UnitFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const unit = unitId
      ? await client.roomsAndRates.getUnit({
          params: { roomTypeId: unitId },
          query: { propertyId: flags.property },
        })
      : null;
    const form: UnitForm = unit ? formOfUnit(unit) : emptyUnitForm();
    if (flags.title !== undefined) form.title = flags.title;
    if (flags.kind !== undefined) form.roomKind = flags.kind;
    if (flags.rooms !== undefined) form.countOfRooms = flags.rooms;
    if (flags.adults !== undefined) form.occAdults = flags.adults;
    if (flags.children !== undefined) form.occChildren = flags.children;
    if (flags.infants !== undefined) form.occInfants = flags.infants;
    if (flags.defaultOccupancy !== undefined) form.defaultOccupancy = flags.defaultOccupancy;
    if (flags.description !== undefined) form.content = { description: flags.description };
    const saved = await submitFlags(
      formDrawerInput<UnitForm>({ values: form, validate: (draft) => validateUnitForm(draft) }),
      form,
      (draft: object) => {
        const f = draft as UnitForm;
        const body = {
          propertyId: flags.property,
          title: f.title,
          roomKind: f.roomKind,
          countOfRooms: f.countOfRooms!,
          occAdults: f.occAdults!,
          occChildren: f.occChildren!,
          occInfants: f.occInfants!,
          defaultOccupancy: f.defaultOccupancy,
          content: { description: f.content.description },
          facilities: f.facilities,
        };
        return unit
          ? client.roomsAndRates.updateUnit({ params: { roomTypeId: unit.id }, body })
          : client.roomsAndRates.createUnit({ body });
      },
      { flags: FLAGS },
    );
    ctx.out.result(
      saved,
      () =>
        `${unit ? 'Updated' : 'Created'} ${saved.title} (${saved.id}): ${saved.countOfRooms} rooms for ${saved.occAdults} adults\n`,
    );
  });
}

/** `tern rooms delete UNIT`: asks first on a terminal (`--yes` without one). */
export async function deleteUnit(
  ctx: Context,
  unitId: string,
  flags: { property: string; yes?: boolean },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const unit = await client.roomsAndRates.getUnit({
      params: { roomTypeId: unitId },
      query: { propertyId: flags.property },
    });
    if (!(await confirmed(ctx, `Delete ${unit.title} and its ${unit.ratePlans} rate plan(s)?`, flags.yes))) {
      ctx.out.note('Not deleted.');
      return;
    }
    await client.roomsAndRates.deleteUnit({
      params: { roomTypeId: unit.id },
      query: { propertyId: flags.property },
    });
    ctx.out.result({ id: unit.id, deleted: true }, () => `Deleted ${unit.title} (${unit.id})\n`);
  });
}
