import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { card, HEAVY, later, propertyId } from '../../../test/giftCardOrders';
import { fakeClient, renderApp } from '../../../test/renderApp';

// The orders page's row actions Download PDF and Download QR (document 3 §2.3): the card's file is asked for
// with its property, offered as a download under the server's name, and a failure is said.

afterEach(() => vi.restoreAllMocks());

describe('gift card orders: card files', () => {
  it(
    'downloads a card’s PDF and QR code under the server’s names, and says when a download fails',
    async () => {
      const user = userEvent.setup();
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      const cardPdf = vi.fn(async (_input: unknown) => ({
        blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        fileName: 'gift-card-ABCDEFGHJKMN.pdf',
      }));
      const cardQr = vi
        .fn()
        .mockResolvedValueOnce({ blob: new Blob(['png'], { type: 'image/png' }), fileName: 'qr.png' })
        .mockRejectedValueOnce(new Error('offline'));
      const cards = [card('c-1', 'ABCDEFGHJKMN')];
      const client = fakeClient(
        {},
        {
          'giftCards.list': vi.fn(async () => ({
            items: cards,
            meta: { page: 1, limit: 10, total: 1 },
          })) as never,
          'giftCardPdfs.cardPdf': cardPdf as never,
          'giftCardPdfs.cardQr': cardQr as never,
        },
      );
      renderApp({ path: '/orders', client, stored: storedFor(supplierUser, later()) });
      await user.click(await screen.findByRole('button', { name: 'Actions for ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Download PDF' }));
      await waitFor(() => expect(clicked).toEqual(['gift-card-ABCDEFGHJKMN.pdf']));
      expect(cardPdf.mock.calls[0]?.[0]).toEqual({ params: { id: 'c-1' }, query: { propertyId } });

      await user.click(await screen.findByRole('button', { name: 'Actions for ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Download QR' }));
      await waitFor(() => expect(clicked).toEqual(['gift-card-ABCDEFGHJKMN.pdf', 'qr.png']));
      expect(cardQr.mock.calls[0]?.[0]).toEqual({
        params: { id: 'c-1' },
        query: { propertyId, format: 'png' },
      });

      await user.click(await screen.findByRole('button', { name: 'Actions for ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Download QR' }));
      expect(await screen.findByText('The download failed.')).toBeTruthy();
      expect(clicked).toHaveLength(2);
    },
    HEAVY,
  );
});
