/**
 * The rooms and rates page's English messages (document 2 §2–§5, §8, §9): the units table, the unit drawer and
 * the rate plan drawer. Part of the back office's strings (`adminPart.ts`).
 */
export const ratesEn = {
  rooms_and_rates: {
    heading: 'Rooms and rates',
  },
};
