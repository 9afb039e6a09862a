import type {
  RedemptionClosedDates,
  RedemptionRooms,
  redemptionClosedDatesQuery,
  redemptionRoomsQuery,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';

// Being built in this session (issue 25, RS): the engine's load over the card's plans at the property.
export async function redemptionClosedDates(
  _db: Db,
  _clock: Clock,
  _card: OwnedRedeemableCard,
  _property: OwnedRedemptionProperty,
  _query: z.output<typeof redemptionClosedDatesQuery>,
): Promise<RedemptionClosedDates> {
  throw new Error('redemption.closedDates: not built yet');
}

export async function redemptionRooms(
  _db: Db,
  _clock: Clock,
  _card: OwnedRedeemableCard,
  _property: OwnedRedemptionProperty,
  _query: z.output<typeof redemptionRoomsQuery>,
): Promise<RedemptionRooms> {
  throw new Error('redemption.rooms: not built yet');
}
