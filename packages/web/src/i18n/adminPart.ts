import { adminEn } from './admin';
import { campaignsEn } from './campaigns';
import { giftCardPdfsEn } from './giftCardPdfs';
import { giftCardsEn } from './giftCards';
import type { CataloguePart } from './index';
import { inventoryEn } from './inventory';
import { productsEn } from './products';
import { ratesEn } from './rates';
import { storesEn } from './stores';

/** The back office's strings: loaded with the admin and settings screens (`router/screens.ts`). */
export const adminPart: CataloguePart = {
  language: 'en',
  messages: {
    ...adminEn,
    ...ratesEn,
    ...inventoryEn,
    ...giftCardsEn,
    ...giftCardPdfsEn,
    ...storesEn,
    ...productsEn,
    ...campaignsEn,
  },
};
