import { bookingEn } from './booking';
import type { CataloguePart } from './index';

/** The booking engine's search strings: loaded with the app frame. */
export const bookingPart: CataloguePart = { language: 'en', messages: bookingEn };
