import { formDrawerInput } from '@tern/core/admin';
import {
  emptyRatePlanForm,
  formOfRatePlan,
  maxPlanOccupancy,
  type RatePlanForm,
  type RatePlanFormErrors,
  validateRatePlanForm,
} from '@tern/core/rates';
import { loadAllPages, type RatePlan, ROOMS_PAGE_SIZE } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { readFormFile } from '../../files.js';
import { submitFlags } from '../../forms.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';

export interface PlanFlags {
  property: string;
  unit?: string;
  title?: string;
  rate?: number;
  meal?: string;
  cancellationPolicy?: string;
  minStay?: number;
  maxSell?: number;
  childrenFee?: number;
  infantFee?: number;
  fromFile?: string;
}

/** The flag of each field of core's plan form (the others are the file's, named as themselves). */
const FLAGS: Record<string, string> = {
  title: 'title',
  options: 'rate',
  mealType: 'meal',
  cancellationPolicyId: 'cancellation-policy',
  minStayArrival: 'min-stay',
  maxSell: 'max-sell',
  childrenFee: 'children-fee',
  infantFee: 'infant-fee',
};

/** Core's errors as one complaint per field: an option's or a day's error is its field's. */
function flatErrors(errors: RatePlanFormErrors): Record<string, string> {
  const { optionErrors, weekErrors, ...fields } = errors;
  const flat: Record<string, string> = { ...(fields as Record<string, string>) };
  const firstOption = optionErrors && Object.values(optionErrors)[0];
  if (firstOption && !flat.options) flat.options = firstOption;
  for (const [field, error] of Object.entries(weekErrors ?? {})) if (error) flat[field] ??= error.key;
  return flat;
}

const KEYS = new Set(Object.keys(emptyRatePlanForm({ id: '', maxOccupancy: 1 }, '')));

const fileOf = (file: string) => readFormFile<RatePlanForm>(file, KEYS, "the plan's");

/** `tern rate-plans list --unit UNIT`: `--json` prints `{ items }` (the SDK's plans). */
export async function listRatePlans(ctx: Context, flags: { property: string; unit: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const items = await loadAllPages(
      (page, limit) =>
        client.roomsAndRates.listRatePlans({
          query: { propertyId: flags.property, roomTypeId: flags.unit, page, limit },
        }),
      ROOMS_PAGE_SIZE,
    );
    const rate = (p: RatePlan) => {
      const primary = p.options.find((o) => o.isPrimary);
      return primary?.rate == null ? '–' : `${primary.rate} ${p.currency}`;
    };
    ctx.out.result({ items }, () =>
      items.length === 0
        ? 'No rate plans: `tern rate-plans create --unit UNIT` adds one.\n'
        : formatTable(
            ['ID', 'TITLE', 'RATE', 'MEAL', 'SELLS', 'PARENT'],
            items.map((p) => [p.id, p.title, rate(p), p.mealType, p.sellMode, p.parentRatePlanId ?? '']),
          ),
    );
  });
}

/**
 * `tern rate-plans create|update`: the plan drawer run headless — the plan's values (or a new one's defaults for
 * the unit, in the property's currency), then the file's, then the flags given; core's `validateRatePlanForm`
 * before the one call.
 */
export async function saveRatePlan(ctx: Context, planId: string | null, flags: PlanFlags): Promise<void> {
  const file = flags.fromFile ? await fileOf(flags.fromFile) : {};
  await withClient(ctx, { session: true }, async ({ client }) => {
    let form: RatePlanForm;
    if (planId) {
      const plan = await client.roomsAndRates.getRatePlan({
        params: { ratePlanId: planId },
        query: { propertyId: flags.property },
      });
      form = formOfRatePlan(plan);
    } else {
      const unitId = flags.unit!;
      const [unit, choices] = await Promise.all([
        client.roomsAndRates.getUnit({
          params: { roomTypeId: unitId },
          query: { propertyId: flags.property },
        }),
        client.roomsAndRates.ratePlanOptions({ query: { propertyId: flags.property, roomTypeId: unitId } }),
      ]);
      form = emptyRatePlanForm(
        { id: unit.id, maxOccupancy: maxPlanOccupancy(unit) },
        choices.currencies[0] ?? '',
      );
    }
    form = { ...form, ...file };
    if (flags.title !== undefined) form.title = flags.title;
    if (flags.rate !== undefined)
      form.options = form.options.map((o) => (o.isPrimary ? { ...o, rate: flags.rate! } : o));
    if (flags.meal !== undefined) form.mealType = flags.meal as RatePlanForm['mealType'];
    if (flags.cancellationPolicy !== undefined) form.cancellationPolicyId = flags.cancellationPolicy;
    if (flags.minStay !== undefined)
      form.minStayArrival = form.minStayArrival.map(() => flags.minStay!) as RatePlanForm['minStayArrival'];
    if (flags.maxSell !== undefined) form.maxSell = flags.maxSell;
    if (flags.childrenFee !== undefined) form.childrenFee = flags.childrenFee;
    if (flags.infantFee !== undefined) form.infantFee = flags.infantFee;
    const saved = await submitFlags(
      formDrawerInput<RatePlanForm>({
        values: form,
        validate: (draft) => flatErrors(validateRatePlanForm(draft, planId ? { id: planId } : {})),
      }),
      form,
      (draft: object) => {
        const body = { ...(draft as RatePlanForm), propertyId: flags.property };
        return planId
          ? client.roomsAndRates.updateRatePlan({ params: { ratePlanId: planId }, body })
          : client.roomsAndRates.createRatePlan({ body });
      },
      { flags: FLAGS },
    );
    ctx.out.result(saved, () => `${planId ? 'Updated' : 'Created'} ${saved.title} (${saved.id})\n`);
  });
}

/** `tern rate-plans delete PLAN`: asks first on a terminal (`--yes` without one). */
export async function deleteRatePlan(
  ctx: Context,
  planId: string,
  flags: { property: string; yes?: boolean },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const plan = await client.roomsAndRates.getRatePlan({
      params: { ratePlanId: planId },
      query: { propertyId: flags.property },
    });
    if (!(await confirmed(ctx, `Delete the rate plan ${plan.title}?`, flags.yes))) {
      ctx.out.note('Not deleted.');
      return;
    }
    await client.roomsAndRates.deleteRatePlan({
      params: { ratePlanId: plan.id },
      query: { propertyId: flags.property, roomTypeId: plan.unitId },
    });
    ctx.out.result({ id: plan.id, deleted: true }, () => `Deleted ${plan.title} (${plan.id})\n`);
  });
}
