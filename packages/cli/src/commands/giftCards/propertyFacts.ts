import { deviceTimeZone } from '@tern/core/dates';
import type { TernClient } from '@tern/sdk';

/** What the gift-card commands need of a property to write its days and money. */
export interface PropertyFacts {
  /** Its IANA zone: its "today", and the day an instant falls on (the device's zone when it is not the caller's). */
  zone: string;
  /** Its currency, when the caller works there and the server sent it. */
  currency: string | null;
}

/** The zone and currency of `propertyId`, from the signed-in user's properties. */
export async function propertyFacts(client: TernClient, propertyId: string): Promise<PropertyFacts> {
  const me = await client.auth.currentUser();
  const property = me.ternHotels.find((p) => p.id === propertyId);
  return { zone: property?.timezone ?? deviceTimeZone(), currency: property?.currency ?? null };
}
