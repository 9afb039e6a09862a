import { screen, waitFor, within } from '@testing-library/react';
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

  it(
    'exports the list as CSV or XLSX with the list’s own search, filters and order (document 3 §2.3 export menu)',
    async () => {
      const user = userEvent.setup();
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      const exported = vi.fn(async (_input: { query: object }) => ({
        blob: new Blob(['code;name'], { type: 'text/csv' }),
        fileName: 'gift_cards.csv',
      }));
      const listCards = vi.fn(async (_input: { query: object }) => ({
        items: [card('c-1', 'ABCDEFGHJKMN')],
        meta: { page: 1, limit: 10, total: 1 },
      }));
      const client = fakeClient(
        {},
        { 'giftCards.list': listCards as never, 'giftCards.export': exported as never },
      );
      renderApp({ path: '/orders', client, stored: storedFor(supplierUser, later()) });
      const table = await screen.findByRole('grid', { name: 'Issued gift cards' });
      await user.type(screen.getByRole('searchbox', { name: /Search code/ }), 'Sigga');
      await user.click(screen.getByRole('button', { name: /Status/ }));
      await user.click(await screen.findByRole('option', { name: 'Used' }));
      await user.click(within(table).getByRole('columnheader', { name: 'Expires' }));
      await waitFor(() =>
        expect(listCards.mock.calls.at(-1)![0].query).toMatchObject({ term: 'Sigga', booked: true }),
      );
      const {
        page: _page,
        limit: _limit,
        ...listed
      } = listCards.mock.calls.at(-1)![0].query as {
        page: number;
        limit: number;
      };

      await user.click(screen.getByRole('button', { name: 'Export Issued gift cards' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
      await waitFor(() => expect(exported).toHaveBeenCalledTimes(1));
      expect(exported.mock.calls[0]![0]).toEqual({
        query: { ...listed, propertyId, orderBy: 'expiration', orderDirection: 'asc', exportFormat: 'xlsx' },
      });
      await waitFor(() => expect(clicked).toEqual(['gift_cards.csv']));

      await user.click(screen.getByRole('button', { name: 'Export Issued gift cards' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
      await waitFor(() => expect(exported).toHaveBeenCalledTimes(2));
      expect(exported.mock.calls[1]![0].query).toMatchObject({ exportFormat: 'csv', term: 'Sigga' });
    },
    HEAVY,
  );
});
