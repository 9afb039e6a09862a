import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { inventoryCalendar } from '../services/inventory/calendar.js';
import { undoLastChange } from '../services/inventory/changeSets.js';
import { editInventory } from '../services/inventory/edit.js';
import { putInventoryRows } from '../services/inventory/rows.js';
import { issueOneTimeToken, openCalendar } from '../services/inventory/tokens.js';

// The inventory calendar; `owns` has resolved the property (one the caller works at, or the calendar session's).
export const inventoryHandlers: AreaHandlers<Contract['inventory']> = {
  calendar: ({ query, owned }, ctx) => inventoryCalendar(ctx.db, owned.propertyId, query),
  edit: ({ body, owned }, ctx) => editInventory(ctx.db, ctx, owned.propertyId, body),
  undo: ({ owned }, ctx) => undoLastChange(ctx.db, ctx, owned.propertyId),
  putRows: ({ body, owned }, ctx) => putInventoryRows(ctx.db, ctx, owned.propertyId, body),
  oneTimeToken: ({ owned }, ctx) => issueOneTimeToken(ctx.db, ctx, owned.propertyId),
  openCalendar: ({ body }, ctx) => openCalendar(ctx.db, ctx, body),
};
