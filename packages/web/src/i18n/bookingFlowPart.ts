import { bookingFlowEn } from './bookingFlow';
import type { CataloguePart } from './index';

/** The booking engine's strings past the search (`bookingFlow.ts`). */
export const bookingFlowPart: CataloguePart = { language: 'en', messages: bookingFlowEn };
