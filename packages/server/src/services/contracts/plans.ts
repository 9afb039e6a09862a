// Which rate plans a contract sells, as stored (`contracts.rate_plan_ids`; docs/decisions.md): a contract that
// names every plan of its property is stored as `[]`, all of them — the plans it has now and any the property
// adds later — so a new plan sells at once to the agencies whose contracts cover all plans (the contracts
// form's "select all"), and to the others once their contract names it. The engine, the contract records and
// the seed read `[]` the same way.

/** The plan ids to store for a contract choosing `chosen` among its property's `planIds`: `[]` for all of them. */
export function storedRatePlans(chosen: readonly string[], planIds: readonly string[]): string[] {
  const named = [...new Set(chosen)];
  const all = new Set(planIds);
  return named.length >= all.size && [...all].every((id) => named.includes(id)) ? [] : named;
}

/** Whether a contract whose stored plans are `stored` sells the plan `planId` (`[]`: every plan). */
export const sellsPlan = (stored: readonly string[], planId: string): boolean =>
  stored.length === 0 || stored.includes(planId);
