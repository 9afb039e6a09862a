import { bookingEn } from './booking';
import type { CataloguePart } from './index';

/** The booking engine's strings (the bookings list and the back office use some): loaded with the app frame. */
export const bookingPart: CataloguePart = { language: 'en', messages: bookingEn };
