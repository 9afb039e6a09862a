import { z } from 'zod';

/** The router parses query values as JSON (`?token=123` is a number): take strings and numbers as text. */
const text = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(2000).optional())
  .catch(undefined);

/**
 * `/login?redirect=/bookings%3Fpage%3D2&reason=expired&mode=forgot`: where to come back to after signing
 * in, why the visitor is here, and which form to open.
 */
export const loginSearch = z.object({
  redirect: text,
  reason: z.enum(['expired']).optional().catch(undefined),
  mode: z.enum(['forgot']).optional().catch(undefined),
});
export type LoginSearch = z.infer<typeof loginSearch>;

/** `/verify_reset_password_email?token=…`: the reset link's token. */
export const verifyResetSearch = z.object({ token: text });
export type VerifyResetSearch = z.infer<typeof verifyResetSearch>;

/**
 * The booking engine's query (document 1 §2): every value kept as text. Core's `parseBookingQuery` then
 * applies the rules of document 1 §5 (invalid values dropped, not clamped) to the raw query string.
 */
export const bookingSearch = z.object({
  type: text,
  currency: text,
  checkinDate: text,
  checkoutDate: text,
  pickupDate: text,
  dropoffDate: text,
  pickupTime: text,
  dropoffTime: text,
  driverAge: text,
  driverCountry: text,
  adults: text,
  children: text,
  childrenAge: text,
  mapCoordinates: text,
  city: text,
  country: text,
  state: text,
  title: text,
});
export type BookingSearch = z.infer<typeof bookingSearch>;
