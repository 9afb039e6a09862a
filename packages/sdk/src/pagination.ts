/** The page size of the directories (agencies, suppliers, an agency's agents): 1000 (document 1 §7, §9). */
export const DIRECTORY_PAGE = 1000;

/** One page of a list call as the client returns it. */
export interface Page<T> {
  items: T[];
  meta?: { page: number; limit: number; total: number };
}

/**
 * Yields every item, page after page, while full pages come back (the rule of document 1 §9 for room types
 * and rate plans); stops at the first short page. `fetchPage` gets 1-based page numbers.
 */
export async function* eachItem<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  limit: number,
  maxPages = 10_000,
): AsyncGenerator<T> {
  for (let page = 1; page <= maxPages; page++) {
    const { items } = await fetchPage(page, limit);
    yield* items;
    if (items.length < limit) return;
  }
}

/** Loads every page into one array (see `eachItem`). */
export async function loadAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  limit: number,
): Promise<T[]> {
  const all: T[] = [];
  for await (const item of eachItem(fetchPage, limit)) all.push(item);
  return all;
}
