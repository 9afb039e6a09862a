// The issued cards' and purchases' lists (document 3 §9 M38; DECISIONS 17, 18): page 1, 10 a page, newest first,
// no size changer, pagination hidden when everything fits on one page.

export const GIFT_CARD_LIST_PAGING = {
  page: 1,
  limit: 10,
  orderBy: 'created_at',
  orderDirection: 'desc',
  sizeChanger: false,
} as const;

/** Pagination is shown only when there is more than one page. */
export const giftCardPaginationShown = (
  total: number,
  limit: number = GIFT_CARD_LIST_PAGING.limit,
): boolean => total > limit;

/** The page to ask for after a list changed under it (a filter, a deletion): the last page that exists. */
export function clampGiftCardPage(page: number, total: number, limit: number = GIFT_CARD_LIST_PAGING.limit) {
  const last = Math.max(1, Math.ceil(total / limit));
  return Math.min(Math.max(1, Math.floor(page)), last);
}
