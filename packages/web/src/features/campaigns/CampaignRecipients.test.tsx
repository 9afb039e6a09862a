import { deviceTimeZone } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import type { Campaign, CampaignRecipient, CampaignStatus } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

// `/gift-campaigns`: a campaign's recipients (who picked what, the card each was sent), from its row, in a drawer.

const HEAVY = 60_000;
const later = () => Date.now() + 3_600_000;
const property = supplierUser.ternHotels[0]!;

const campaign: Campaign = {
  id: 'c-1',
  type: 'giftCampaign',
  propertyId: property.id,
  name: 'Staff gifts',
  description: 'Choose one',
  status: 'published',
  options: [],
  recipients: 2,
  publicPath: '/gift-campaign/c-1',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-02T10:00:00Z',
};

const recipient = (n: number, over: Partial<CampaignRecipient>): CampaignRecipient => ({
  id: `r-${n}`,
  type: 'giftCampaignRecipient',
  name: `Recipient ${n}`,
  email: `r${n}@example.com`,
  governmentIdLast4: '1234',
  optionId: 'o-1',
  optionName: 'A night by the harbour',
  giftCardId: `g-${n}`,
  giftCardCode: `CODE-${n}`,
  createdAt: '2026-10-05T12:30:00Z',
  ...over,
});

const recipients = [
  recipient(1, { name: 'Guðrún Jónsdóttir', email: 'gudrun@example.com', governmentIdLast4: '4321' }),
  recipient(2, { optionName: 'Dinner for two', giftCardId: null, giftCardCode: null }),
];

/** The page with `campaigns` in each tab of their status; the recipients of the first opened from its row. */
async function openRecipients(campaigns: Campaign[], picks: CampaignRecipient[]) {
  const list = vi.fn(async ({ query }: { query: { status: CampaignStatus } }) => {
    const items = campaigns.filter((c) => c.status === query.status);
    return { items, meta: { page: 1, limit: 100, total: items.length } };
  });
  const read = vi.fn(async () => ({ items: picks, meta: { page: 1, limit: 100, total: picks.length } }));
  const client = fakeClient({}, { 'campaigns.list': list as never, 'campaigns.recipients': read as never });
  renderApp({ path: '/gift-campaigns', client, stored: storedFor(supplierUser, later()) });
  const [first] = campaigns;
  await userEvent
    .setup()
    .click(
      await screen.findByRole('button', { name: `Recipients of ${first!.name} (${first!.recipients})` }),
    );
  const drawer = await screen.findByRole('dialog', { name: `Recipients of ${first!.name}` });
  return { drawer, read };
}

describe('gift campaign recipients', () => {
  it(
    'lists who picked what and the card sent, from the campaign’s row',
    async () => {
      const { drawer, read } = await openRecipients([campaign], recipients);
      const table = await within(drawer).findByRole('grid', { name: 'Who picked what' });
      expect(read).toHaveBeenCalledWith(
        { params: { id: 'c-1' }, query: { propertyId: property.id, page: 1, limit: 100 } },
        expect.anything(),
      );
      const cells = (name: string) =>
        within(
          within(table)
            .getAllByRole('row')
            .find((row) => within(row).queryByRole('rowheader', { name }))!,
        )
          .getAllByRole('gridcell')
          .map((c) => c.textContent);
      const picked = formatInstant('2026-10-05T12:30:00Z', property.timezone ?? deviceTimeZone());
      expect(cells('Guðrún Jónsdóttir')).toEqual([
        'gudrun@example.com',
        '…4321',
        'A night by the harbour',
        'CODE-1',
        picked,
      ]);
      // A pick whose card is not issued yet shows no code.
      expect(cells('Recipient 2')).toEqual(['r2@example.com', '…1234', 'Dinner for two', '—', picked]);
    },
    HEAVY,
  );

  it(
    'says so when nobody has picked yet',
    async () => {
      const { drawer } = await openRecipients([{ ...campaign, recipients: 0 }], []);
      expect(await within(drawer).findByText('Nobody has picked a gift yet.')).toBeTruthy();
    },
    HEAVY,
  );
});
