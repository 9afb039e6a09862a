import type { Db } from '../db.js';
import type { SeedIds } from './world.js';

// The demo world's gift-card store (document 2 §3): the demo hotelier's Harbour View Hotel sells its gift cards
// in one, at `/store/harbour-view`. Its types come with the gift cards a hotelier makes.

export const DEMO_STORE = {
  propertyKey: 'harbour-view',
  name: 'Harbour View gift cards',
  slug: 'harbour-view',
  titleFont: 'Playfair Display',
  textFont: 'Lato',
  tagColor: '#0F1015',
  termsAndConditions:
    'Gift cards are valid for the stay they name until their expiry date and cannot be exchanged for cash.',
  bookingTermsAndConditions: 'A stay booked with a gift card follows the hotel’s cancellation policy.',
  allowPickupAtHotel: true,
  allowPickupAtHotelInfo: 'Collect your gift card at the front desk, open day and night.',
  allowCancellation: true,
  cancellationDeadlineDays: 2,
  bannerTitle: 'Give a night by the Old Harbour',
  bannerParagraph: 'A stay at Harbour View Hotel, with views over Faxaflói bay to Mount Esja.',
} as const;

/** The demo store, when the world has its hotel. */
export async function insertDemoStores(tx: Db, ids: SeedIds): Promise<void> {
  const propertyId = ids.properties.get(DEMO_STORE.propertyKey);
  if (!propertyId) return;
  const s = DEMO_STORE;
  await tx.query(
    `insert into stores (property_id, name, slug, title_font, text_font, tag_color, terms_and_conditions,
       booking_terms_and_conditions, allow_pickup_at_hotel, allow_pickup_at_hotel_info, allow_cancellation,
       cancellation_deadline_days, banner_title, banner_paragraph)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      propertyId,
      s.name,
      s.slug,
      s.titleFont,
      s.textFont,
      s.tagColor,
      s.termsAndConditions,
      s.bookingTermsAndConditions,
      s.allowPickupAtHotel,
      s.allowPickupAtHotelInfo,
      s.allowCancellation,
      s.cancellationDeadlineDays,
      s.bannerTitle,
      s.bannerParagraph,
    ],
  );
}
